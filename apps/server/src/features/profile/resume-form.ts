import { RESUME_FILE_NAME_MAX, RESUME_MAX_BYTES } from '@site/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../core/http-errors.js';

/** The largest upload body: the file and its multipart framing. */
export const RESUME_BODY_LIMIT = RESUME_MAX_BYTES + 64 * 1024;

export const resumeMultipartLimits = {
  fileSize: RESUME_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 6,
};

const TOO_LARGE = `The résumé must be ${RESUME_MAX_BYTES / 1024 / 1024} MB or smaller`;
const NOT_PDF = 'The résumé must be a PDF file';

/** Every PDF starts with this header (ISO 32000-1 §7.5.2); the type is read from the bytes, not the name. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export const isPdf = (bytes: Buffer) => bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

/**
 * The download's name from the uploaded one: no folders, no control or quote characters, at most
 * RESUME_FILE_NAME_MAX characters, ending in .pdf; 'resume.pdf' when nothing is left.
 */
export function resumeFileName(uploaded: string | undefined): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f"<>|:*?\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.pdf$/i, '')
    .slice(0, RESUME_FILE_NAME_MAX - 4)
    .trim();
  return `${cleaned || 'resume'}.pdf`;
}

/** The `file` part of the upload: its bytes and its name. 400 without one, 413 too large, 415 not a PDF. */
export async function readResumeUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the résumé as multipart/form-data with a "file" part');
  // A body that says it is too large is refused before any of it is read.
  if (Number(request.headers['content-length']) > RESUME_BODY_LIMIT)
    throw new HttpError(413, TOO_LARGE, { file: TOO_LARGE });
  let upload: { data: Buffer; fileName: string } | undefined;
  let unexpected: string | undefined;
  try {
    for await (const part of request.parts()) {
      // Other fields are read past (each within the limits), so an oversized body is a 413 whatever its order.
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file') upload = { data, fileName: resumeFileName(part.filename) };
      else unexpected = part.fieldname;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, TOO_LARGE, { file: TOO_LARGE });
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw badRequest('Form data is malformed');
  }
  if (unexpected !== undefined) throw badRequest(`Unexpected file field "${unexpected}": send the PDF as "file"`);
  if (!upload || upload.data.length === 0) throw badRequest('Choose a PDF file to upload', { file: 'Required' });
  if (!isPdf(upload.data)) throw new HttpError(415, NOT_PDF, { file: NOT_PDF });
  return upload;
}

/** `attachment` with the name as ASCII and, when it has other letters, as UTF-8 (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[\\"]/g, '') || 'resume.pdf';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return ascii === fileName
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
