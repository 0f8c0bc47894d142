/**
 * App mode (spec §2, §7): the portal runs framed by the host launcher or
 * store connector, i.e. by one of the region's `embedOrigins`. Apart from
 * ./launcher-bridge (the messages), which the app shell loads only in app
 * mode: a plain web visit needs only this answer.
 */
import region from '@region';

export interface EmbedContext {
  readonly framed: boolean;
  /** Origin of the embedding page, when the browser reveals it. */
  readonly parentOrigin: string | undefined;
}

/** The host origin when framed by an allowed embed origin, else undefined (not in app mode). */
export function hostOrigin(ctx: EmbedContext, allowed: readonly string[] = region.embedOrigins): string | undefined {
  if (!ctx.framed || ctx.parentOrigin === undefined) return undefined;
  return allowed.includes(ctx.parentOrigin) ? ctx.parentOrigin : undefined;
}

function embedContext(): EmbedContext {
  if (typeof window === 'undefined' || window.parent === window) return { framed: false, parentOrigin: undefined };
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  let parentOrigin: string | undefined =
    ancestors && ancestors.length > 0 ? (ancestors.item(0) ?? undefined) : undefined;
  if (parentOrigin === undefined && document.referrer !== '') {
    try {
      parentOrigin = new URL(document.referrer).origin;
    } catch {
      parentOrigin = undefined;
    }
  }
  return { framed: true, parentOrigin };
}

let cachedOrigin: string | null | undefined;
/** The embedding host's origin in app mode, else undefined; read once per page. */
export function currentHostOrigin(): string | undefined {
  if (cachedOrigin === undefined) cachedOrigin = hostOrigin(embedContext()) ?? null;
  return cachedOrigin ?? undefined;
}

/** App mode: the portal runs inside the launcher or store connector. */
export function isAppMode(): boolean {
  return currentHostOrigin() !== undefined;
}
