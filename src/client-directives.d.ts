/** The portal's own island directive (src/build/after-paint.ts registers it). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates right after the page's first paint (src/client/directives/painted.ts). */
    'client:painted'?: boolean;
  }
}
