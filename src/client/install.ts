/** "Install the app": offered where the browser supports it (beforeinstallprompt), gone once installed. */
export function startInstall(): void {
  const section = document.getElementById('install');
  const button = document.getElementById('install-button');
  if (!section || !button) return;
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
