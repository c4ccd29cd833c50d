// A bad setting (flag, environment variable or file it names): main prints it as a usage error
// (exit 2). Its own module so that main can recognise it without loading the zod schema.
export class SettingsError extends Error {}
