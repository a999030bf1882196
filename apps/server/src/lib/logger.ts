/** The slice of a pino/Fastify logger that services and providers use. */
export interface Logger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
