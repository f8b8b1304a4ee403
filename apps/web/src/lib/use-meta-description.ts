import { useEffect } from 'react';

/**
 * Sets the page's meta description while the screen is shown and puts the previous one back
 * afterwards. (A rendered <meta> would be added beside index.html's, not replace it.)
 */
export function useMetaDescription(description: string | undefined) {
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
