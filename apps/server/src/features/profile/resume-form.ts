import { RESUME_FILE_NAME_MAX, RESUME_MAX_BYTES } from '@site/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../core/http-errors.js';
import { readFilePart, singleFileBodyLimit } from '../../core/multipart-upload.js';

/** The largest upload body: the file and its multipart framing. */
export const RESUME_BODY_LIMIT = singleFileBodyLimit(RESUME_MAX_BYTES);

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
  const { data, fileName } = await readFilePart(request, {
    maxBytes: RESUME_MAX_BYTES,
    subject: 'the résumé',
    fileAs: 'the PDF',
    tooLarge: TOO_LARGE,
    missing: 'Choose a PDF file to upload',
  });
  if (!isPdf(data)) throw new HttpError(415, NOT_PDF, { file: NOT_PDF });
  return { data, fileName: resumeFileName(fileName) };
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
