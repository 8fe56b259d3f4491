// Accessibility at 390 px: every screen and the menu opened as a drawer (tests/support/a11ySweep.ts).
import { a11ySweep } from '../support/a11ySweep';

a11ySweep([390]);
