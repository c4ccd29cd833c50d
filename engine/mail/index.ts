export { createMailer, mailConfigSchema, checkHeaders } from './mailer';
export type { Mailer, MailMessage, MailConfig, SentMail } from './mailer';
