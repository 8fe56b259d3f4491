// Accessibility at 1280 px: every screen (tests/support/a11ySweep.ts).
import { a11ySweep } from '../support/a11ySweep';

a11ySweep([1280]);
