// Inquiries sent from the inquiry form (issue 17): stored once checked, read back by the RMI report
// (queries/reports.ts) and the tests.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { inquiries } from '../schema-members';

export type InquiryRow = typeof inquiries.$inferSelect;

export interface InquiryInsert {
  tenantKey: string;
  name: string;
  email: string;
  company: string;
  message: string;
  contentId: number | null;
  consentText: string;
  consentAt: number;
  createdAt: number;
}

export async function insertInquiry(db: Db, row: InquiryInsert): Promise<number> {
  const [r] = await db.insert(inquiries).values(row).returning({ id: inquiries.id });
  return r!.id;
}

export async function inquiriesOf(db: Db, tenantKey: string): Promise<InquiryRow[]> {
  return db.select().from(inquiries).where(and(eq(inquiries.tenantKey, tenantKey))).orderBy(asc(inquiries.id));
}
