// zod in the browser: Portuguese messages where a schema gives none (domain/zodMessages.ts), and
// no compiled parsers. zod tests whether it may compile with `new Function('')`, which the
// Content Security Policy (script-src 'self', server/plugins/security.ts) refuses and reports
// as a violation on every page that validates a form.
import { z } from 'zod';
import '../domain/zodMessages';

z.config({ jitless: true });
