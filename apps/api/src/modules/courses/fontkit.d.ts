// fontkit 1.9 ships no types; pdf-lib declares the part of it that it uses.
declare module 'fontkit' {
  import type { Fontkit } from 'pdf-lib';

  const fontkit: Fontkit;
  export default fontkit;
}
