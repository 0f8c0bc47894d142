/** Small typed DOM lookups for the shell's build-time markup (data-* hooks rendered by Shell.astro). */
export function hook(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-${name}]`);
}

/** A string the build rendered into a data attribute of a hook ("" when missing: the markup is ours). */
export function hookText(el: HTMLElement, key: string): string {
  return el.dataset[key] ?? '';
}
