import type { BrowserContext } from 'playwright-core';

/**
 * Desktop Chrome's autoplay rule for Web Audio, in this headless Chromium that does not apply it: an
 * AudioContext made before the person has clicked or typed on the page starts suspended ("The
 * AudioContext was not allowed to start"), and only `resume()` from a gesture lets it sound. The
 * page's own code runs unchanged against the real AudioContext; only its starting state is the one
 * a person's browser gives it.
 */
export async function holdSoundUntilClicked(context: BrowserContext) {
  await context.addInitScript(() => {
    // navigator.userActivation will not do: Playwright's own evaluations count as activations. A
    // gesture here is a trusted click, tap or key press, as the browser itself counts them.
    let clickedOnce = false;
    let inGesture = false;
    for (const type of ['pointerdown', 'mousedown', 'click', 'keydown']) {
      window.addEventListener(
        type,
        (event) => {
          if (!event.isTrusted) return;
          clickedOnce = true;
          inGesture = true;
          setTimeout(() => (inGesture = false), 0);
        },
        true,
      );
    }
    const Native = window.AudioContext;
    class HeldAudioContext extends Native {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (!clickedOnce) void this.suspend();
      }
      override resume() {
        // Outside a gesture the browser does not start the sound; the promise still settles.
        return inGesture ? super.resume() : Promise.resolve();
      }
    }
    window.AudioContext = HeldAudioContext;
  });
}
