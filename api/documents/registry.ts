// The registered operation documents: one .gql file per operation under documents/query and
// documents/mutation, named after the operation. Served to clients by GET and, in production
// mode, the only documents the endpoint runs (matched by name or by the SHA-256 of their text).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, type DocumentNode } from '../graphql';

export const DOCUMENTS_DIR = fileURLToPath(new URL('.', import.meta.url));

export type DocumentKind = 'query' | 'mutation';

export interface RegisteredDocument {
  kind: DocumentKind;
  name: string;
  text: string;
  sha256: string;
  document: DocumentNode;
}

export interface DocumentRegistry {
  /** A short digest of every document: the default ?v= version. */
  version: string;
  byName: Map<string, RegisteredDocument>;
  byHash: Map<string, RegisteredDocument>;
  get(kind: DocumentKind, name: string): RegisteredDocument | undefined;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Loads and checks every document: it parses, holds one operation of the folder's kind, named as the file. */
export function loadDocuments(dir: string = DOCUMENTS_DIR): DocumentRegistry {
  const byName = new Map<string, RegisteredDocument>();
  const byHash = new Map<string, RegisteredDocument>();
  const all = createHash('sha256');
  for (const kind of ['query', 'mutation'] as const) {
    for (const file of readdirSync(join(dir, kind)).filter((f) => f.endsWith('.gql')).sort()) {
      const name = file.slice(0, -4);
      const text = readFileSync(join(dir, kind, file), 'utf8');
      const document = parse(text);
      const ops = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      const op = ops[0];
      if (ops.length !== 1 || !op || op.operation !== kind || op.name?.value !== name) {
        throw new Error(`documents/${kind}/${file}: must hold exactly one ${kind} named ${name}`);
      }
      if (byName.has(name)) throw new Error(`documents/${kind}/${file}: operation name ${name} is used twice`);
      const doc: RegisteredDocument = { kind, name, text, sha256: sha256(text), document };
      byName.set(name, doc);
      byHash.set(doc.sha256, doc);
      all.update(`${kind}/${name}\n${doc.sha256}\n`);
    }
  }
  return {
    version: all.digest('hex').slice(0, 12),
    byName,
    byHash,
    get: (kind, name) => {
      const d = byName.get(name);
      return d && d.kind === kind ? d : undefined;
    },
  };
}
