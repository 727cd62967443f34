import pino, { type Logger } from "pino";

/** pino, pretty-printed on a terminal in development, JSON lines otherwise. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.newPassword"],
      remove: true,
    },
    ...(options.pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
  });
}
