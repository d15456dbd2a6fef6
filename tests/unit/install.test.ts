/** The "Add to Home Screen" hint: Safari on iPhone and iPad only, never once the app runs from the home screen. */
import { describe, expect, it } from 'vitest';
import { needsHomeScreenHint } from '../../src/client/install';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('needsHomeScreenHint', () => {
  it('is shown in Safari on an iPhone, and on an iPad (which says Macintosh but has touch)', () => {
    expect(needsHomeScreenHint({ userAgent: IPHONE_SAFARI })).toBe(true);
    expect(needsHomeScreenHint({ userAgent: IPAD_SAFARI, maxTouchPoints: 5 })).toBe(true);
  });
  it('is not shown once installed, on a Mac, in other browsers on iPhone, or on Android', () => {
    expect(needsHomeScreenHint({ userAgent: IPHONE_SAFARI, standalone: true })).toBe(false);
    expect(needsHomeScreenHint({ userAgent: IPAD_SAFARI, maxTouchPoints: 0 })).toBe(false);
    expect(needsHomeScreenHint({ userAgent: IPHONE_CHROME })).toBe(false);
    expect(needsHomeScreenHint({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 })).toBe(false);
  });
});
