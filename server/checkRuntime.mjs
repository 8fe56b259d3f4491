// Imported first by the entry points (npm start, the CLI): refuses a runtime known to crash.
import { checkRuntime } from './runtime.mjs';

checkRuntime();
