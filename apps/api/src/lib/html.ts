/** Text made safe to put between tags or inside a quoted attribute: & < > " ' become character references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
