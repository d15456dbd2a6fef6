/**
 * Sharing a rule: the system share sheet where there is one, else the clipboard, else a prompt to copy by hand.
 * The environment is passed in, so the fallbacks are unit-tested.
 */

export interface ShareEnv {
  share?: (data: { title: string; url: string }) => Promise<void>;
  copy?: (text: string) => Promise<void>;
  prompt: (message: string, value: string) => void;
  toast: (message: string) => void;
}

/** What happened: shared, copied, cancelled by the reader, or shown in a prompt. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'prompted';

/** Shares `url` the best way `env` offers and says which way it went (a cancelled share sheet copies nothing). */
export async function shareLink(title: string, url: string, env: ShareEnv): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share({ title, url });
      return 'shared';
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') return 'cancelled';
    }
  }
  if (env.copy) {
    try {
      await env.copy(url);
      env.toast('Link copied');
      return 'copied';
    } catch {
      /* clipboard refused: fall through */
    }
  }
  env.prompt('Copy this link', url);
  return 'prompted';
}

/** The link to share: this page with the options it depends on (`query`), without the reader's other state. */
export const shareUrl = (origin: string, pathname: string, query: string): string => `${origin}${pathname}${query ? `?${query}` : ''}`;
