// The parts of mjml's API the renderer uses (the package ships no types).
declare module 'mjml' {
  interface MjmlError { line: number; message: string; tagName: string; formattedMessage: string }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    beautify?: boolean;
    minify?: boolean;
    fonts?: Record<string, string>;
    filePath?: string;
  }
  export default function mjml2html(input: string, options?: MjmlOptions): Promise<{ html: string; errors: MjmlError[] }>;
}
