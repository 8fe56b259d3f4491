// The unit tests render screens without their lazy loader (src/routing/lazyScreen.ts): the
// screens' texts are put in the catalogue first, as the app does before a screen renders.
import { loadScreenMessages } from '../../src/i18n';

await loadScreenMessages();
