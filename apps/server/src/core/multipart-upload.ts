import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-errors.js';

/** The parser's limits for a form of one file of at most `maxBytes` and a few short fields. */
export const singleFileLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 6,
});

/** The largest body of such a form: the file and its multipart framing. */
export const singleFileBodyLimit = (maxBytes: number) => maxBytes + 64 * 1024;

/**
 * A multipart parser's failure as the client's error: a file over its size limit is a 413 saying
 * `tooLarge` on `field`; ours, and the plugin's own limits and protocol errors, keep their 4xx; anything
 * else comes from the parser (no boundary, a cut-off body) and is a 400.
 */
export function multipartFailure(error: unknown, field: string, tooLarge: string): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, tooLarge, { [field]: tooLarge });
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500)) return error;
  return badRequest('Form data is malformed');
}

export interface SingleFileUpload {
  maxBytes: number;
  /** What the upload is, in the messages: 'the photo', 'the résumé'. */
  subject: string;
  /** What the `file` part holds, in the message for another file field: 'the photo', 'the PDF'. */
  fileAs: string;
  tooLarge: string;
  /** The message when no file (or an empty one) was sent. */
  missing: string;
}

/**
 * The `file` part of a one-file upload: its bytes and its name as sent. 415 when the body is not
 * multipart, 413 when it says or turns out to be too large (before reading more of it), 400 for a
 * file under another field or none. Other fields are read past within the limits, so an oversized
 * body is a 413 whatever its order.
 */
export async function readFilePart(
  request: FastifyRequest,
  { maxBytes, subject, fileAs, tooLarge, missing }: SingleFileUpload,
): Promise<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new HttpError(415, `Send ${subject} as multipart/form-data with a "file" part`);
  if (Number(request.headers['content-length']) > singleFileBodyLimit(maxBytes))
    throw new HttpError(413, tooLarge, { file: tooLarge });
  let upload: { data: Buffer; fileName: string } | undefined;
  let unexpected: string | undefined;
  try {
    for await (const part of request.parts({ limits: singleFileLimits(maxBytes) })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file') upload = { data, fileName: part.filename };
      else unexpected = part.fieldname;
    }
  } catch (error) {
    throw multipartFailure(error, 'file', tooLarge);
  }
  if (unexpected !== undefined) throw badRequest(`Unexpected file field "${unexpected}": send ${fileAs} as "file"`);
  if (!upload || upload.data.length === 0) throw badRequest(missing, { file: 'Required' });
  return upload;
}
