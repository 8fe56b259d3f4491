// Setup file of the server and browser projects: ADAM_NOW (see server/clock.ts) pins the clock of
// the test process too, so the tests' own todayIso() is the server's.
import { installClock } from '../../server/clock.js';

installClock();
