import { z } from "zod";

/*
 * Every schema of the shop is made with this `z`. Zod compiles fast object parsers with
 * `new Function` when it may, and decides so when a schema is made. In the browser the
 * storefront's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids that, and
 * Zod's probe for it is itself reported as a CSP violation (Lighthouse, best practices: issue 14).
 * So in a browser schemas parse without the compiled path (the same parse; the shop's payloads
 * are small); the server keeps it.
 */
if ("document" in globalThis) z.config({ jitless: true });

export { z };
