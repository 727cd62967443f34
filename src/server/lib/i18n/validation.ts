import { formatNumber } from "../../../shared/i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages.ts";
import { messageIn } from "./index.ts";

/** What the error handler knows of a zod issue: its code and details (minimum, format...). */
export interface IssueDetails {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

/** zod's own English wording, used where a schema gives no message of its own. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized key)/;

/**
 * A validation message in `language` (issue 22). The schemas' own messages are in the messages
 * catalogue; zod's defaults ('Too small: expected string to have >=3 characters') are written
 * again from the issue's details, since their numbers and names vary.
 */
export function validationMessage(language: Language, issue: IssueDetails): string {
  if (language === DEFAULT_LANGUAGE) return issue.message;
  const translated = messageIn(language, issue.message);
  if (translated !== issue.message || !ZOD_DEFAULT.test(issue.message)) return translated;
  return spanishDefault(language, issue);
}

function spanishDefault(language: Language, { code, message, params = {} }: IssueDetails) {
  const n = (value: unknown) => (typeof value === "number" ? formatNumber(language, value) : "");
  const origin = params.origin;
  const size = (limit: unknown) =>
    origin === "string"
      ? `${n(limit)} caracteres`
      : origin === "array" || origin === "set"
        ? `${n(limit)} elementos`
        : n(limit);
  switch (code) {
    case "too_small":
      if (origin === "string" && params.minimum === 1) return "Este campo es obligatorio.";
      return origin === "number" || origin === "bigint"
        ? `Debe ser ${params.inclusive === false ? "mayor que" : "como mínimo"} ${n(params.minimum)}.`
        : `Debe tener como mínimo ${size(params.minimum)}.`;
    case "too_big":
      return origin === "number" || origin === "bigint"
        ? `Debe ser ${params.inclusive === false ? "menor que" : "como máximo"} ${n(params.maximum)}.`
        : `Debe tener como máximo ${size(params.maximum)}.`;
    case "invalid_type":
      return /received undefined$/.test(message)
        ? "Este campo es obligatorio."
        : params.expected === "int"
          ? "Debe ser un número entero."
          : "El tipo de dato no es válido.";
    case "invalid_value":
      return "Elija una de las opciones válidas.";
    case "invalid_format":
      return params.format === "email"
        ? "Escriba un correo electrónico válido."
        : params.format === "url"
          ? "Escriba un enlace válido."
          : params.format === "uuid"
            ? "El identificador no es válido."
            : "El formato no es válido.";
    case "unrecognized_keys":
      return `Campos no reconocidos: ${Array.isArray(params.keys) ? params.keys.join(", ") : ""}.`;
    default:
      return "Valor no válido.";
  }
}
