// Typing into a masked <input> in jsdom, one keystroke at a time, for IMask to handle.
import { act } from 'react';

/** Types one character at a time at the end, as a keyboard would. */
export async function typeInto(element: HTMLInputElement, text: string) {
  await act(async () => element.focus());
  for (const char of text) {
    await act(async () => {
      const next = element.value + char;
      element.value = next;
      element.setSelectionRange(next.length, next.length);
      element.dispatchEvent(
        new InputEvent('input', { bubbles: true, data: char, inputType: 'insertText' }),
      );
    });
  }
}

export async function backspace(element: HTMLInputElement) {
  await act(async () => {
    const next = element.value.slice(0, -1);
    element.value = next;
    element.setSelectionRange(next.length, next.length);
    element.dispatchEvent(
      new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }),
    );
  });
}
