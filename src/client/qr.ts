/**
 * QR codes, made in the browser with no network: lean-qr (its small "nano" build and its SVG output), loaded on first
 * use as a chunk of its own, so only the table page and an opened share code ever fetch it.
 */

/** Draws `text` as a QR code (an `svg`, black on white with a quiet zone) into `target`, replacing what it held. */
export async function drawQr(target: HTMLElement, text: string, label: string): Promise<void> {
  const [{ generate, correction }, { toSvg }] = await Promise.all([import('lean-qr/nano'), import('lean-qr/extras/svg')]);
  const svg = toSvg(generate(text, { minCorrectionLevel: correction.L }), document, { on: '#000', off: '#fff', pad: 4 });
  // Sized by CSS (`.qr svg`), not by the module count.
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  target.replaceChildren(svg);
}
