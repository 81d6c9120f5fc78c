import { useLayoutEffect, useState } from 'react';

/**
 * A stylesheet of the component's own, adopted by the document while the component is mounted.
 * The server's Content-Security-Policy allows no inline <style> (decision 0010); stylesheets
 * built through the CSSOM are not inline markup, so print rules computed at run time (the
 * ticket's page length) still apply.
 */
export function useDocumentStyleSheet(initialCss: string): CSSStyleSheet | undefined {
  const [sheet] = useState(() => {
    // Browsers without constructable stylesheets (Safari before 16.4) print without these
    // rules rather than fail the screen.
    try {
      const created = new CSSStyleSheet();
      created.replaceSync(initialCss);
      return created;
    } catch {
      return undefined;
    }
  });
  useLayoutEffect(() => {
    if (!sheet) return;
    document.adoptedStyleSheets = [...(document.adoptedStyleSheets ?? []), sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [sheet]);
  return sheet;
}

/** The text of a stylesheet's rules (tests, and anyone checking what is adopted). */
export function cssTextOf(sheet: CSSStyleSheet): string {
  return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
}
