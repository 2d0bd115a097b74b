/**
 * A Discord channel as a web page: each post with its author, its text (the Markdown Discord shows:
 * bold, italics, code, quotes, small text, mentions), its embeds, its pictures and its buttons and menus
 * (drawn, not live). For `npm run demo`. The page says in `data-images` how many of its pictures loaded,
 * for the test that opens it in a browser; `index.html?last=N` shows only the last N posts.
 */
import type { FakeAttachment, FakeMessage } from '../../test/support/fake-discord/messages.ts';

export interface PageOptions {
  readonly title: string;
  /** The name to show for a user id (authors are the bot; mentions name the players). */
  readonly userName: (id: string) => string;
  /** Where the page finds an attachment, relative to it. */
  readonly file: (message: FakeMessage, attachment: FakeAttachment) => string;
}

export interface ChannelPage {
  readonly html: string;
  /** The attachments to write beside the page: relative path → bytes. */
  readonly files: ReadonlyMap<string, Buffer>;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Discord's Markdown, the part the bot writes, as HTML; everything else stays text. */
export function markdown(text: string, userName: (id: string) => string): string {
  const inline = (line: string) =>
    escape(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/__([^_]+)__/g, '<u>$1</u>')
      .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
      .replace(/(^|\W)_([^_\s][^_]*)_(?=\W|$)/g, '$1<em>$2</em>')
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id: string) => `<span class="mention">@${escape(userName(id))}</span>`)
      .replace(/&lt;t:(\d+)(?::\w)?&gt;/g, (_, s: string) => new Date(Number(s) * 1000).toUTCString());
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('-# ')) return `<div class="small">${inline(line.slice(3))}</div>`;
      if (line.startsWith('> ')) return `<blockquote>${inline(line.slice(2))}</blockquote>`;
      const heading = /^(#{1,3}) (.*)$/.exec(line);
      if (heading) return `<div class="h${heading[1]!.length}">${inline(heading[2]!)}</div>`;
      return `<div>${line === '' ? '&nbsp;' : inline(line)}</div>`;
    })
    .join('');
}

interface Component {
  type: number;
  style?: number;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  emoji?: { name?: string };
  options?: { label: string; description?: string }[];
  components?: Component[];
}

/** Button styles: 1 primary, 2 secondary, 3 success, 4 danger, 5 link. */
const STYLE = ['', 'primary', 'secondary', 'success', 'danger', 'link'];

function components(rows: readonly Component[]): string {
  return rows
    .map((row) => {
      const items = (row.components ?? [row]).map((c) =>
        c.type === 2
          ? `<span class="button ${STYLE[c.style ?? 2] ?? 'secondary'}${c.disabled ? ' disabled' : ''}">${escape(
              `${c.emoji?.name ? `${c.emoji.name} ` : ''}${c.label ?? ''}`,
            )}</span>`
          : `<span class="menu" title="${escape((c.options ?? []).map((o) => o.label).join('\n'))}">${escape(
              c.placeholder ?? 'Choose…',
            )} <small>(${c.options?.length ?? 0} choices)</small> ▾</span>`,
      );
      return `<div class="row">${items.join('')}</div>`;
    })
    .join('');
}

function embeds(list: readonly unknown[], userName: (id: string) => string): string {
  return (list as { title?: string; description?: string; fields?: { name: string; value: string }[] }[])
    .map(
      (e) =>
        `<div class="embed">${e.title ? `<div class="h3">${markdown(e.title, userName)}</div>` : ''}${
          e.description ? markdown(e.description, userName) : ''
        }${(e.fields ?? [])
          .map((f) => `<div class="field"><strong>${escape(f.name)}</strong>${markdown(f.value, userName)}</div>`)
          .join('')}</div>`,
    )
    .join('');
}

/** The page of `messages` (oldest first) and the files it shows. */
export function channelPage(messages: readonly FakeMessage[], options: PageOptions): ChannelPage {
  const files = new Map<string, Buffer>();
  const posts = messages.map((m) => {
    const pictures = m.attachments
      .filter((a) => a.contentType.startsWith('image/') || /\.(png|jpe?g|webp)$/i.test(a.filename))
      .map((a) => {
        const src = options.file(m, a);
        files.set(src, a.bytes);
        return `<a href="${escape(src)}"><img src="${escape(src)}" alt="${escape(a.filename)}" loading="eager"></a>`;
      });
    return `<article class="post${m.pinned ? ' pinned' : ''}" id="m${m.id}">
<header><span class="author">tm-bot</span> <span class="bot">APP</span> <time>${m.createdAt
      .toISOString()
      .slice(
        11,
        19,
      )}</time>${m.pinned ? ' <span class="pin">📌 pinned</span>' : ''}${m.editedAt ? ' <span class="edited">(edited)</span>' : ''}</header>
<div class="content">${markdown(m.content, options.userName)}</div>
${embeds(m.embeds, options.userName)}
${pictures.length ? `<div class="pictures">${pictures.join('')}</div>` : ''}
${components(m.components as unknown as Component[])}
</article>`;
  });
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(options.title)}</title>
<style>
body { margin: 0; background: #313338; color: #dbdee1; font: 15px/1.4 "gg sans", "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 16px; }
h1 { font-size: 18px; color: #f2f3f5; border-bottom: 1px solid #3f4147; padding-bottom: 8px; }
.post { padding: 8px 12px; border-radius: 4px; margin: 6px 0; }
.post:hover { background: #2e3035; }
.post.pinned { border-left: 3px solid #f0b232; }
header { margin-bottom: 2px; }
.author { color: #f2f3f5; font-weight: 600; }
.bot { background: #5865f2; color: #fff; font-size: 10px; padding: 1px 4px; border-radius: 3px; vertical-align: 2px; }
time, .edited, .pin { color: #949ba4; font-size: 12px; }
.content div { min-height: 1em; white-space: pre-wrap; }
.small { color: #949ba4; font-size: 13px; }
.h1 { font-size: 22px; font-weight: 700; } .h2 { font-size: 19px; font-weight: 700; } .h3 { font-size: 16px; font-weight: 700; }
blockquote { margin: 0; padding-left: 10px; border-left: 4px solid #4e5058; }
code { background: #2b2d31; padding: 0 3px; border-radius: 3px; font-size: 13px; }
.mention { background: rgba(88,101,242,.3); color: #c9cdfb; padding: 0 2px; border-radius: 3px; }
.embed { border-left: 4px solid #5865f2; background: #2b2d31; padding: 8px 12px; border-radius: 4px; margin: 4px 0; max-width: 520px; }
.pictures { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0; }
.pictures img { max-width: 520px; max-height: 420px; border-radius: 6px; display: block; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0; }
.button { padding: 4px 14px; border-radius: 4px; color: #fff; font-size: 14px; font-weight: 500; }
.primary { background: #5865f2; } .secondary { background: #4e5058; } .success { background: #248046; } .danger { background: #da373c; }
.link { background: #4e5058; } .disabled { opacity: .5; }
.menu { background: #1e1f22; border: 1px solid #1e1f22; padding: 6px 10px; border-radius: 4px; min-width: 400px; color: #949ba4; }
</style>
</head>
<body>
<main>
<h1># ${escape(options.title.split('#').pop() ?? 'channel')}</h1>
${posts.join('\n')}
</main>
<script>
// index.html?last=N shows the last N posts only (for a screenshot of where the game stands).
const last = Number(new URLSearchParams(location.search).get('last'));
if (last > 0) [...document.querySelectorAll('article')].slice(0, -last).forEach((a) => a.remove());
// How many pictures the browser could show: the test that opens this page reads it.
addEventListener('load', () => {
  const images = [...document.images];
  document.body.dataset.images = images.length;
  document.body.dataset.imagesShown = images.filter((i) => i.complete && i.naturalWidth > 0).length;
});
</script>
</body>
</html>
`;
  return { html, files };
}
