// zod in the browser, set before anything can read a schema: no compiled parsers. zod tests whether
// it may compile with `new Function('')`, which the Content Security Policy (script-src 'self',
// server/plugins/security.ts) refuses and reports as a violation on every page that validates a
// form. Only zod's core config here (the whole of zod loads with the forms, whose validator
// brings its Portuguese messages: domain/zodMessages.ts via src/ui/inputs/schemaValidator.ts).
import { config } from 'zod/v4/core';

config({ jitless: true });
