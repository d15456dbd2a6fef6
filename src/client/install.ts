/**
 * "Install the app": offered where the browser supports it (beforeinstallprompt), gone once installed. Safari on
 * iPhone and iPad has no such prompt: there the section shows a one-line "Add to Home Screen" hint instead, unless
 * the app already runs from the home screen.
 */
export function startInstall(): void {
  const section = document.getElementById('install');
  const button = document.getElementById('install-button');
  if (!section || !button) return;
  if (needsHomeScreenHint(navigator)) {
    const hint = document.getElementById('install-ios');
    if (hint) {
      hint.hidden = false;
      button.remove();
      section.hidden = false;
    }
    return;
  }
  let deferred: (Event & { prompt: () => Promise<void> }) | undefined;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as typeof deferred;
    section.hidden = false;
  });
  window.addEventListener('appinstalled', () => (section.hidden = true));
  button.addEventListener('click', () => {
    void deferred?.prompt();
    section.hidden = true;
  });
}

/**
 * Whether the browser is Safari on an iPhone or iPad (an iPad says "Macintosh" but has touch) not already running the
 * app from the home screen: the one browser that installs web apps but never offers it.
 */
export function needsHomeScreenHint(nav: { userAgent: string; maxTouchPoints?: number; standalone?: boolean }): boolean {
  const apple = /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1);
  const safari = /Safari\//.test(nav.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(nav.userAgent);
  return apple && safari && nav.standalone !== true;
}
