/** The print pages' "Print or save as PDF" button. */
export function startPrintButtons(): void {
  for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-print]')))
    b.addEventListener('click', () => window.print());
}
