import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

export interface SingleUpload {
  /** The name the browser gave the file ("" when none). */
  fileName: string;
  data: Buffer;
  /** The text fields sent beside it. */
  fields: Record<string, string>;
}

export interface UploadRules {
  maxBytes: number;
  messages: {
    /** 415: the request is not multipart/form-data. */
    notMultipart: string;
    /** 400: no part named `file`. */
    missing: string;
    /** 413: the file is over `maxBytes`. */
    tooLarge: string;
  };
  /** Also name the `file` field in the 400 and 413 answers (a form shows it by the input). */
  fieldErrors?: boolean;
  /** Largest text field, in bytes. */
  fieldSize?: number;
}

/**
 * Reads the one file of a multipart request (the part named `file`) and its text fields.
 * Other file parts are drained unread; a file over the limit is refused with 413 as soon as
 * it passes it, so it is never held whole in memory.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<SingleUpload> {
  const { file, fields } = await readUpload(request, rules);
  if (!file) throw uploadRefusal(rules, 400, rules.messages.missing);
  return { ...file, fields };
}

function uploadRefusal(rules: UploadRules, status: 400 | 413, message: string) {
  return new AppError(
    status,
    status === 413 ? "PAYLOAD_TOO_LARGE" : "VALIDATION_FAILED",
    message,
    rules.fieldErrors ? { file: message } : undefined,
  );
}

/** As readSingleUpload, the file being optional (null when no part is named `file`). */
export async function readUpload(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ file: { fileName: string; data: Buffer } | null; fields: Record<string, string> }> {
  const { messages } = rules;
  if (!request.isMultipart())
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", messages.notMultipart);
  const refuse = (status: 400 | 413, message: string) => uploadRefusal(rules, status, message);
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes,
        ...(rules.fieldSize ? { fieldSize: rules.fieldSize } : {}),
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === "file" && !file) {
          file = { fileName: part.filename ?? "", data: await part.toBuffer() };
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw refuse(413, messages.tooLarge);
    }
    throw error;
  }
  return { file, fields };
}
