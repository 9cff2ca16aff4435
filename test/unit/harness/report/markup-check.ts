/**
 * A small well-formedness check for the markup the reporters write, so the tests need no XML parser:
 * every `<` starts one of the expected tags, tags balance, and no text holds a raw `<` or `&` that is
 * not an entity.
 */
export interface MarkupShape {
  /** Every element name met, in document order. */
  elements: string[];
}

const voidHtml = new Set(['meta', 'br', 'input', 'img', 'link']);

export function checkMarkup(text: string, options: { html: boolean }): MarkupShape {
  const body = text.replace(/^<\?xml[^>]*\?>/, '').replace(/^<!doctype html>/i, '');
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*(\/?)>/y;
  const stack: string[] = [];
  const elements: string[] = [];
  let i = 0;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const textPart = body.slice(i, lt < 0 ? body.length : lt);
    const badAmp = /&(?!(?:amp|lt|gt|quot|#39|#\d+);)/.exec(textPart);
    if (badAmp !== null) throw new Error(`raw & in text near: ${textPart.slice(0, 60)}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const match = tag.exec(body);
    if (match === null) throw new Error(`stray < at ${lt}: ${body.slice(lt, lt + 60)}`);
    const [, closing, name = '', , selfClosing] = match;
    if (closing === '/') {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? '(nothing)'}>`);
    } else {
      elements.push(name);
      if (selfClosing !== '/' && !(options.html && voidHtml.has(name))) stack.push(name);
    }
    i = tag.lastIndex;
    if (options.html && closing !== '/' && (name === 'script' || name === 'style')) {
      // Raw text elements: their content is not markup and ends at the first closing tag.
      const end = body.indexOf(`</${name}`, i);
      if (end < 0) throw new Error(`unclosed <${name}>`);
      i = end;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed: ${stack.join(' > ')}`);
  return { elements };
}
