// Alea playground: a Discord-like text channel talking to the bot through
// POST /api/interactions with the interaction objects Discord sends.
// Plain JavaScript, no dependencies, no build step.
'use strict';

const UI = {
  en: {
    topic: 'Try every command — nothing leaves this machine',
    placeholder: 'Message #alea-playground — type / for commands',
    welcome: 'Welcome to the **Alea playground**. Type `/` to see the commands and their options, or start with `%h`.\n' +
      'It runs the same commands as the bot on Discord, here on this machine. To connect Alea to Discord, set `DISCORD_TOKEN` (or `DISCORD_PUBLIC_KEY` and `HTTP_ADDR`) in `.env` — see `.env.example` — and start it again.',
    used: '%u used %c', thinking: 'Alea is thinking…', onlyYou: 'Only you can see this', dismiss: 'Dismiss message',
    needSub: '`/%s` needs a subcommand: %s', unknown: 'Unknown command `/%s`. Try `/help`.',
    submit: 'Submit', cancel: 'Cancel', failed: 'The playground could not reach Alea: %s', required: 'required',
    choose: 'Make a selection', download: 'Download', kinds: ['text', 'integer', 'true/false', 'number'], lang: 'Language', bot: 'BOT', you: 'You', today: 'Today', playAs: 'Play as', jump: 'Go to the message',
  },
  ko: {
    topic: '모든 명령어를 시험해 보세요 — 이 컴퓨터 밖으로 나가지 않습니다',
    placeholder: '#alea-playground에 메시지 보내기 — /로 명령어 보기',
    welcome: '**Alea 체험 공간**에 오신 것을 환영합니다. `/`를 입력하면 명령어와 옵션이 나옵니다. `%h`부터 시작해 보세요.\n' +
      'Discord의 봇과 같은 명령어가 이 컴퓨터에서 실행됩니다. Alea를 Discord에 연결하려면 `.env`에 `DISCORD_TOKEN`(또는 `DISCORD_PUBLIC_KEY`와 `HTTP_ADDR`)을 설정하고(`.env.example` 참고) 다시 시작하세요.',
    used: '%u님이 %c 사용', thinking: 'Alea가 생각하는 중…', onlyYou: '나만 볼 수 있음', dismiss: '메시지 닫기',
    needSub: '`/%s`에는 하위 명령어가 필요합니다: %s', unknown: '알 수 없는 명령어 `/%s`입니다. `/도움말`을 입력해 보세요.',
    submit: '제출', cancel: '취소', failed: '체험 공간이 Alea에 닿지 못했습니다: %s', required: '필수',
    choose: '선택하세요', download: '내려받기', kinds: ['텍스트', '정수', '참/거짓', '숫자'], lang: '언어', bot: '봇', you: '플레이어', today: '오늘', playAs: '플레이할 사람', jump: '메시지로 이동',
  },
  ja: {
    topic: 'すべてのコマンドを試せます — このマシンの外には出ません',
    placeholder: '#alea-playground へメッセージを送信 — / でコマンド',
    welcome: '**Alea プレイグラウンド**へようこそ。`/` を入力するとコマンドとオプションが表示されます。まずは `%h` をどうぞ。\n' +
      'Discord のボットと同じコマンドが、このマシンで動きます。Alea を Discord につなぐには、`.env` に `DISCORD_TOKEN`（または `DISCORD_PUBLIC_KEY` と `HTTP_ADDR`）を設定して（`.env.example` を参照）、起動し直してください。',
    used: '%uが %c を使用', thinking: 'Alea が考えています…', onlyYou: 'あなただけに表示されています', dismiss: 'メッセージを削除',
    needSub: '`/%s` にはサブコマンドが必要です: %s', unknown: '不明なコマンド `/%s` です。`/ヘルプ` を試してください。',
    submit: '送信', cancel: 'キャンセル', failed: 'プレイグラウンドが Alea に接続できません: %s', required: '必須',
    choose: '選択してください', download: 'ダウンロード', kinds: ['テキスト', '整数', '真偽', '数値'], lang: '言語', bot: 'ボット', you: 'あなた', today: '今日', playAs: 'プレイする人', jump: 'メッセージへ移動',
  },
};

// Discord's numbers.
const OPT = { SUB: 1, GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, NUMBER: 10 };
const IT = { COMMAND: 2, COMPONENT: 3, AUTOCOMPLETE: 4, MODAL: 5 };
const RT = { MESSAGE: 4, DEFERRED: 5, DEFERRED_UPDATE: 6, UPDATE: 7, CHOICES: 8, MODAL: 9 };
const EPHEMERAL = 64;

const state = {
  locale: 'en',
  defs: [],
  user: { id: '', username: 'you', global_name: 'You' },
  you: '', // this browser's own user id
  users: [], // the users the page can play as: [{id, name}]
  suggestions: [],
  selected: -1,
  acSeq: 0,
  acTimer: 0,
  word: '',
  navigated: false,
  welcome: null, // the welcome message, shown in the chosen language
};

const $ = (id) => document.getElementById(id);

// userName is the player's name in the chosen language, as the channel
// shows it and as commands receive it (a Yacht seat takes it).
function userName() {
  const u = state.users.find((x) => x.id === state.user.id);
  return u ? u.name : t('you');
}

// nameOf is the name a mention of id shows: a local user's, or "You".
function nameOf(id) {
  const u = state.users.find((x) => x.id === id);
  if (u) return u.name;
  return id === state.you ? t('you') : null;
}

function t(key, ...args) {
  let s = (UI[state.locale] || UI.en)[key] || UI.en[key] || key;
  for (const a of args) s = s.replace('%s', a);
  return s;
}

function randomDigits(n) {
  const a = new Uint8Array(n);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => String(b % 10)).join('').replace(/^0/, '1');
}

function randomToken() {
  const a = new Uint8Array(24);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// --- names in the chosen language ---

function locName(x) {
  const m = x.name_localizations;
  return (m && m[state.locale]) || x.name;
}

function locDesc(x) {
  const m = x.description_localizations;
  return (m && m[state.locale]) || x.description || '';
}

function byName(list, name) {
  if (!list) return null;
  const n = name.toLowerCase();
  return list.find((x) => x.name.toLowerCase() === n ||
    Object.values(x.name_localizations || {}).some((v) => v.toLowerCase() === n)) || null;
}

function hasSubs(def) {
  return (def.options || []).some((o) => o.type === OPT.SUB || o.type === OPT.GROUP);
}

// --- Markdown as Discord renders it (the part Alea uses) ---

function inline(s) {
  return s
    .replace(/\*\*([^*]+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+?)__/g, '<u>$1</u>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_([^_\s][^_]*?)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/~~([^~]+?)~~/g, '<s>$1</s>')
    .replace(/\|\|([^|]+?)\|\|/g, '<span class="spoiler" tabindex="0">$1</span>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener noreferrer">$1</a>')
    .replace(/(^|[\s(])(https?:\/\/[^\s<)]+)/g, '$1<a href="$2" target="_blank" rel="noopener noreferrer">$2</a>')
    .replace(SYMBOLS, '<span class="sym">$&</span>')
    .replace(/&lt;t:(-?\d{1,12})(?::([tTdDfFR]))?&gt;/g, (m, sec, style) => '<span class="timestamp">' + esc(timeText(Number(sec) * 1000, style)) + '</span>')
    .replace(/&lt;@!?(\d{1,20})&gt;/g, (m, id) => {
      const n = nameOf(id);
      return '<span class="mention" data-user="' + id + '">@' + esc(n === null ? id : n) + '</span>';
    });
}

// timeText is a Discord timestamp as Discord shows it, in the reader's
// language and time zone: the time of day (t, T), the date (d, D), a relative time (R),
// else both.
function timeText(ms, style) {
  const d = new Date(ms);
  switch (style) {
    case 't': return d.toLocaleTimeString(state.locale, { hour: '2-digit', minute: '2-digit' });
    case 'T': return d.toLocaleTimeString(state.locale);
    case 'd': case 'D': return d.toLocaleDateString(state.locale);
    case 'R': {
      const min = Math.round((ms - Date.now()) / 60000);
      return new Intl.RelativeTimeFormat(state.locale, { numeric: 'auto' }).format(min, 'minute');
    }
  }
  return d.toLocaleString(state.locale, { dateStyle: 'medium', timeStyle: 'short' });
}

// SYMBOLS are the game pieces drawn as characters (dice, coins, stones),
// shown at emoji size as Discord does: tiny in the text font otherwise.
const SYMBOLS = /[\u2680-\u2685\u26AA\u26AB\u2B1B\u2B1C\u25CB\u25CF]\uFE0F?|[\u{1F7E0}-\u{1F7EB}]/gu;

function markdown(src) {
  const held = [];
  const hold = (html) => '\u0000' + (held.push(html) - 1) + '\u0000';
  let s = String(src || '');
  s = s.replace(/```(?:([\w+-]+)?\n)?([\s\S]*?)```/g, (m, lang, code) => hold('<pre><code>' + esc(code.replace(/\n$/, '')) + '</code></pre>'));
  s = s.replace(/`([^`\n]+)`/g, (m, code) => hold('<code>' + esc(code) + '</code>'));
  s = esc(s);
  const out = [];
  let list = null;
  for (const line of s.split('\n')) {
    let m;
    if ((m = line.match(/^\s*[-*•] (.*)$/)) && !line.startsWith('-# ')) {
      if (!list) { list = []; }
      list.push('<li>' + inline(m[1]) + '</li>');
      continue;
    }
    if (list) { out.push({ block: true, html: '<ul>' + list.join('') + '</ul>' }); list = null; }
    if ((m = line.match(/^(#{1,3}) (.+)$/))) out.push({ block: true, html: '<div class="h' + m[1].length + '">' + inline(m[2]) + '</div>' });
    else if ((m = line.match(/^-# (.+)$/))) out.push({ block: true, html: '<div class="subtext">' + inline(m[1]) + '</div>' });
    else if ((m = line.match(/^&gt; ?(.*)$/))) out.push({ block: true, html: '<blockquote>' + inline(m[1]) + '</blockquote>' });
    else if (/^\u0000\d+\u0000$/.test(line) && held[+line.slice(1, -1)].startsWith('<pre')) out.push({ block: true, html: line });
    else out.push({ block: false, html: inline(line) });
  }
  if (list) out.push({ block: true, html: '<ul>' + list.join('') + '</ul>' });
  let html = '';
  out.forEach((p, i) => {
    html += p.html;
    if (i < out.length - 1 && !p.block && !out[i + 1].block) html += '<br>';
    else if (i < out.length - 1 && !p.block && out[i + 1].block && p.html === '') html += '<br>';
  });
  return html.replace(/\u0000(\d+)\u0000/g, (m, i) => held[+i]);
}

// --- messages ---

// jumpTo brings a message into view and marks it for a moment, as Discord
// does when a reply's quote or a message link is clicked.
function jumpTo(target) {
  target.scrollIntoView({ block: 'center' });
  target.classList.add('flash');
  setTimeout(() => target.classList.remove('flash'), 1200);
}

// MESSAGE_LINK is a link to a message (https://discord.com/channels/
// guild/channel/message): in Discord it jumps to the message, so in the
// playground it does when the message is on the page.
const MESSAGE_LINK = /^https:\/\/discord\.com\/channels\/[^/]+\/[^/]+\/([^/?#]+)$/;

function timeOf(ms) {
  return new Date(ms).toLocaleTimeString(state.locale, { hour: '2-digit', minute: '2-digit' });
}

function scrollDown() {
  const m = $('messages');
  m.scrollTop = m.scrollHeight;
}

// addMessage appends a message of the bot (or the user) and returns the
// element whose .body renderData fills.
function addMessage(opts) {
  const msg = el('article', 'msg' + (opts.bot ? ' bot' : ' user'));
  msg.dataset.id = randomDigits(18);
  // Whom it answers (an ephemeral message is theirs alone), and its
  // language, which sets how its lines break (Korean and Japanese keep
  // their words whole).
  msg.dataset.viewer = state.user.id;
  msg.lang = state.locale;
  if (opts.reply) {
    // A reply: the message it answers, its author and its first words;
    // a click goes to it.
    const ref = el('div', 'ref reply');
    ref.append(el('span', 'ref-avatar'));
    const target = document.querySelector('#messages article[data-id="' + CSS.escape(opts.reply) + '"]');
    const line = el('span', 'ref-line');
    line.append(el('span', 'ref-name', target && !target.classList.contains('user') ? 'Alea' : userName()));
    line.append(document.createTextNode(' ' + (target ? snippet(target) : '…')));
    ref.append(line);
    ref.title = t('jump');
    if (target) {
      ref.classList.add('jumps');
      ref.addEventListener('click', () => jumpTo(target));
    }
    msg.append(ref);
  } else if (opts.ref) {
    const ref = el('div', 'ref');
    ref.append(el('span', 'ref-avatar'));
    // "%u used %c", in the order of the language, as one line of text
    // (a particle stays attached to the name: "You님이").
    const line = el('span', 'ref-line');
    for (const part of t('used').split(/(%u|%c)/)) {
      if (part === '%u') line.append(el('span', 'ref-name', opts.ref.user));
      else if (part === '%c') line.append(el('span', 'ref-cmd', opts.ref.command));
      else if (part) line.append(document.createTextNode(part));
    }
    ref.append(line);
    msg.append(ref);
  }
  const row = el('div', 'row');
  const avatar = el('div', 'avatar', opts.bot ? 'α' : (userName()[0] || 'Y'));
  const main = el('div', 'main');
  const head = el('div', 'head');
  head.append(el('span', 'author', opts.bot ? 'Alea' : userName()));
  if (opts.bot) head.append(el('span', 'tag', t('bot')));
  const at = Date.now();
  const time = el('time', 'time', timeOf(at));
  time.dataset.at = at;
  head.append(time);
  const body = el('div', 'body');
  main.append(head, body);
  row.append(avatar, main);
  msg.append(row);
  msg.body = body;
  $('messages').append(msg);
  scrollDown();
  return msg;
}

function renderData(msg, data, source) {
  const body = msg.body;
  body.textContent = '';
  msg.classList.toggle('ephemeral', !!(data.flags & EPHEMERAL));
  msg.classList.remove('thinking');
  showFor(msg);
  if (data.content) {
    const c = el('div', 'content');
    c.innerHTML = markdown(data.content);
    body.append(c);
  }
  const atts = data.attachments || [];
  const shown = new Set();
  for (const e of data.embeds || []) {
    body.append(renderEmbed(e, shown));
  }
  const files = el('div', 'attachments');
  for (const a of atts) {
    if (shown.has(a.url)) continue;
    files.append(renderAttachment(a));
  }
  if (files.childElementCount) body.append(files);
  for (const row of data.components || []) {
    body.append(renderRow(row, msg));
  }
  if (data.flags & EPHEMERAL) {
    const note = el('div', 'eph-note');
    note.append(el('span', 'eye', '👁'), document.createTextNode(' ' + t('onlyYou') + ' · '));
    const dismiss = el('button', 'linklike', t('dismiss'));
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => msg.remove());
    note.append(dismiss);
    body.append(note);
  }
  msg.data = data;
  msg.source = source;
  scrollDown();
}

function colorOf(n) {
  return n ? '#' + Number(n).toString(16).padStart(6, '0') : '#1e1f22';
}

function renderEmbed(e, shown) {
  const box = el('div', 'embed');
  box.style.borderLeftColor = colorOf(e.color);
  const grid = el('div', 'embed-grid');
  if (e.title) {
    const ti = el('div', 'embed-title');
    if (e.url) {
      const a = el('a');
      a.href = e.url; a.target = '_blank'; a.rel = 'noopener noreferrer';
      a.innerHTML = inline(esc(e.title));
      ti.append(a);
    } else ti.innerHTML = inline(esc(e.title));
    grid.append(ti);
  }
  if (e.description) {
    const d = el('div', 'embed-desc');
    d.innerHTML = markdown(e.description);
    grid.append(d);
  }
  if (e.fields && e.fields.length) {
    const fs = el('div', 'embed-fields');
    for (const f of e.fields) {
      const fe = el('div', 'embed-field' + (f.inline ? ' inline' : ''));
      const fn = el('div', 'field-name');
      fn.innerHTML = inline(esc(f.name));
      const fv = el('div', 'field-value');
      fv.innerHTML = markdown(f.value);
      fe.append(fn, fv);
      fs.append(fe);
    }
    grid.append(fs);
  }
  if (e.image && e.image.url) {
    shown.add(e.image.url);
    const img = el('img', 'embed-image');
    img.src = e.image.url; img.alt = e.title || 'image'; img.loading = 'lazy';
    img.addEventListener('load', scrollDown);
    grid.append(img);
  }
  if (e.thumbnail && e.thumbnail.url) {
    shown.add(e.thumbnail.url);
    const img = el('img', 'embed-thumb');
    img.src = e.thumbnail.url; img.alt = '';
    box.classList.add('has-thumb');
    box.append(img);
  }
  if (e.footer && e.footer.text) grid.append(el('div', 'embed-footer', e.footer.text));
  box.prepend(grid);
  return box;
}

function humanSize(n) {
  if (n < 1024) return n + ' B';
  if (n < 1024 * 1024) return (n / 1024).toFixed(1) + ' KB';
  return (n / 1024 / 1024).toFixed(1) + ' MB';
}

function renderAttachment(a) {
  if ((a.content_type || '').startsWith('image/')) {
    const img = el('img', 'att-image');
    img.src = a.url; img.alt = a.filename;
    if (a.width && a.height) { img.width = a.width; img.height = a.height; }
    img.addEventListener('load', scrollDown);
    return img;
  }
  const box = el('div', 'att-file');
  const head = el('div', 'att-head');
  const link = el('a', 'att-name', a.filename);
  link.href = a.url; link.download = a.filename;
  head.append(el('span', 'att-icon', '📄'), link, el('span', 'att-size', humanSize(a.size || 0)));
  box.append(head);
  if ((a.content_type || '').startsWith('text/')) {
    const pre = el('pre', 'att-preview');
    box.append(pre);
    fetch(a.url).then((r) => (r.ok ? r.text() : '')).then((txt) => {
      const lines = txt.split('\n');
      pre.textContent = lines.slice(0, 40).join('\n') + (lines.length > 40 ? '\n…' : '');
      scrollDown();
    }).catch(() => pre.remove());
  }
  return box;
}

const BUTTON_STYLE = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link' };

function renderRow(row, msg) {
  const r = el('div', 'actions');
  for (const c of row.components || []) {
    if (c.type === 2) {
      const b = el('button', 'btn ' + (BUTTON_STYLE[c.style] || 'secondary'));
      b.type = 'button';
      b.disabled = !!c.disabled;
      if (c.emoji && c.emoji.name) b.append(el('span', 'emoji', c.emoji.name));
      if (c.label) b.append(el('span', 'label', c.label));
      if (c.style === 5 && c.url) {
        b.addEventListener('click', () => window.open(c.url, '_blank', 'noopener'));
      } else {
        b.dataset.customId = c.custom_id;
        b.addEventListener('click', () => {
          b.classList.add('loading');
          sendComponent(msg, { custom_id: c.custom_id, component_type: 2 }).finally(() => b.classList.remove('loading'));
        });
      }
      r.append(b);
    } else if (c.type === 3) {
      const multi = (c.max_values || 1) > 1;
      const sel = el('select', 'select');
      sel.disabled = !!c.disabled;
      sel.dataset.customId = c.custom_id;
      if (multi) { sel.multiple = true; sel.size = Math.min(6, (c.options || []).length); } else {
        const ph = el('option', '', c.placeholder || t('choose'));
        ph.value = ''; ph.disabled = true; ph.selected = true;
        sel.append(ph);
      }
      for (const o of c.options || []) {
        const op = el('option', '', (o.emoji && o.emoji.name ? o.emoji.name + ' ' : '') + o.label + (o.description ? ' — ' + o.description : ''));
        op.value = o.value;
        if (o.default) op.selected = true;
        sel.append(op);
      }
      const send = () => {
        const values = Array.from(sel.selectedOptions, (o) => o.value).filter((v) => v !== '');
        if (values.length < (c.min_values ?? 1)) return;
        sendComponent(msg, { custom_id: c.custom_id, component_type: 3, values });
      };
      r.append(sel);
      if (multi) {
        const ok = el('button', 'btn primary', '✓');
        ok.type = 'button';
        ok.addEventListener('click', send);
        r.append(ok);
      } else sel.addEventListener('change', send);
    }
  }
  return r;
}

function systemMessage(text) {
  const msg = addMessage({ bot: true });
  renderData(msg, { content: text, flags: EPHEMERAL });
  return msg;
}

// --- talking to the bot ---

function baseInteraction(type) {
  return {
    id: randomDigits(18),
    application_id: '1',
    type,
    token: randomToken(),
    version: 1,
    locale: state.locale,
    guild_locale: 'en-US',
    channel_id: '2',
    user: { id: state.user.id, username: state.user.username, global_name: userName(), discriminator: '0' },
  };
}

async function post(interaction) {
  const r = await fetch('api/interactions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(interaction),
  });
  if (!r.ok) throw new Error(r.status + ' ' + (await r.text()).trim());
  return r.json();
}

async function awaitReply(token) {
  for (;;) {
    const r = await fetch('api/interactions/' + encodeURIComponent(token) + '/reply');
    if (r.status === 204) continue;
    if (!r.ok) throw new Error(r.status + ' ' + (await r.text()).trim());
    return r.json();
  }
}

// answers marks msg as the answer to interaction: its user, to whom alone
// an ephemeral answer shows, and its language.
function answers(msg, interaction) {
  if (interaction.user) msg.dataset.viewer = interaction.user.id;
  if (interaction.locale) msg.lang = interaction.locale;
}

// handle shows one interaction response. pending is the message to fill
// (a "thinking" one), source the message whose component was used.
async function handle(interaction, resp, ctx) {
  switch (resp.type) {
    case RT.MESSAGE: {
      const msg = ctx.pending || addMessage({ bot: true, ref: ctx.ref });
      answers(msg, interaction);
      renderData(msg, resp.data || {}, ctx.source);
      stamp(msg, resp.message);
      followUp(resp);
      return;
    }
    case RT.UPDATE:
      if (ctx.source) {
        ctx.source.lang = interaction.locale;
        renderData(ctx.source, Object.assign({}, ctx.source.data, resp.data || {}, { flags: ctx.source.data.flags }), ctx.source.source);
        stamp(ctx.source, resp.message);
      }
      followUp(resp);
      return;
    case RT.DEFERRED: {
      const msg = addMessage({ bot: true, ref: ctx.ref });
      answers(msg, interaction);
      msg.classList.add('thinking');
      if (resp.data && resp.data.flags & EPHEMERAL) msg.classList.add('ephemeral');
      msg.body.append(el('span', 'dots'), el('span', 'thinking-text', t('thinking')));
      let next;
      try {
        next = await awaitReply(interaction.token);
      } catch (err) {
        msg.remove();
        throw err;
      }
      return handle(interaction, next, Object.assign({}, ctx, { pending: msg }));
    }
    case RT.DEFERRED_UPDATE: {
      const next = await awaitReply(interaction.token);
      return handle(interaction, next, ctx);
    }
    case RT.MODAL:
      openModal(resp.data, ctx);
      return;
    default:
      return;
  }
}

// snippet is the first words of a message, as a reply's header shows them.
function snippet(msg) {
  const d = msg.data || {};
  const e = (d.embeds || [])[0] || {};
  const text = (msg.body && (msg.body.innerText || msg.body.textContent)) || d.content || e.title || e.description || '';
  return cut(text.replace(/\s+/g, ' ').trim(), 80);
}

// cut shortens text to at most n characters as a reader counts them
// (graphemes: an emoji with its modifiers, a flag, a Hangul syllable),
// ending with "…" when it was longer, so that no character is cut in half.
function cut(text, n) {
  const parts = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  return parts.length > n ? parts.slice(0, n - 1).join('') + '…' : text;
}

// showFor shows an ephemeral message only to the user it answered (as
// Discord shows it only to them): switching "play as" hides the others'
// and shows theirs again.
function showFor(msg) {
  msg.hidden = msg.classList.contains('ephemeral') && !!msg.dataset.viewer && msg.dataset.viewer !== state.user.id;
}

// followUp shows a response's follow-up (a ping after an edit) as a new
// message, as Discord does: a reply to the message it follows.
function followUp(resp) {
  for (const id of resp.removed || []) {
    const gone = document.querySelector('#messages article[data-id="' + CSS.escape(id) + '"]');
    if (gone) gone.remove();
  }
  const f = resp.follow_up;
  if (!f) return;
  const msg = addMessage({ bot: true, reply: f.message_reference && f.message_reference.message_id });
  renderData(msg, f.data || {}, null);
  stamp(msg, f.message);
}

async function run(interaction, ctx) {
  try {
    const resp = await post(interaction);
    await handle(interaction, resp, ctx);
  } catch (err) {
    if (ctx.pending) ctx.pending.remove();
    systemMessage(t('failed', String(err.message || err)));
  }
}

// messageOf is a message as Discord sends it with a component or modal
// interaction: what the bot last put in it, with the id and the edit stamp
// the playground gave it (the playground checks both).
function messageOf(msg) {
  const d = msg.data || {};
  const at = msg.edited || null;
  return {
    id: msg.dataset.id, channel_id: '2', content: d.content || '', embeds: d.embeds || [],
    components: d.components || [], attachments: d.attachments || [], flags: d.flags || 0,
    timestamp: at, edited_timestamp: at,
  };
}

// stamp keeps the id and edit stamp the playground gave a message it
// rendered; a press sends them back.
function stamp(msg, shown) {
  if (!shown) return;
  msg.dataset.id = shown.id;
  msg.edited = shown.edited_timestamp;
}

// sendComponent sends a press with the message it was used on, as
// Discord does: the playground checks the custom_id against it.
function sendComponent(msg, data) {
  const it = baseInteraction(IT.COMPONENT);
  it.data = data;
  it.message = messageOf(msg);
  return run(it, { source: msg, ref: null });
}

// --- the modal ---

function openModal(data, ctx) {
  const dlg = $('modal');
  $('modal-title').textContent = data.title || '';
  const fields = $('modal-fields');
  fields.textContent = '';
  const inputs = [];
  for (const row of data.components || []) {
    for (const c of row.components || []) {
      if (c.type !== 4) continue;
      const lab = el('label', 'field');
      lab.append(el('span', 'field-label', c.label + (c.required ? ' *' : '')));
      const input = c.style === 2 ? el('textarea') : el('input');
      input.value = c.value || '';
      input.placeholder = c.placeholder || '';
      input.required = !!c.required;
      if (c.min_length) input.minLength = c.min_length;
      if (c.max_length) input.maxLength = c.max_length;
      input.dataset.customId = c.custom_id;
      lab.append(input);
      fields.append(lab);
      inputs.push(input);
    }
  }
  $('modal-submit').textContent = t('submit');
  $('modal-cancel').textContent = t('cancel');
  const form = $('modal-form');
  form.onsubmit = (ev) => {
    ev.preventDefault();
    if (!form.reportValidity()) return;
    dlg.close();
    const it = baseInteraction(IT.MODAL);
    it.data = {
      custom_id: data.custom_id,
      components: inputs.map((i) => ({ type: 1, components: [{ type: 4, custom_id: i.dataset.customId, value: i.value }] })),
    };
    if (ctx.source) it.message = messageOf(ctx.source);
    run(it, { source: ctx.source, ref: ctx.ref });
  };
  $('modal-cancel').onclick = () => dlg.close();
  dlg.showModal();
  if (inputs[0]) inputs[0].focus();
}

// --- the message box: parsing and autocompletion ---

// tokenize splits a line into words; "quoted words" keep their spaces.
function tokenize(s) {
  const toks = [];
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i])) i++;
    if (i >= s.length) break;
    const start = i;
    let text = '';
    let quoted = false;
    while (i < s.length && (quoted || !/\s/.test(s[i]))) {
      if (s[i] === '"') { quoted = !quoted; i++; continue; }
      text += s[i++];
    }
    toks.push({ start, end: i, text });
  }
  return toks;
}

// parse reads "/command [sub] name:value …" against the definitions.
function parse(line) {
  const toks = tokenize(line);
  const res = { toks, cmd: null, sub: null, optDefs: [], opts: [], rest: 0, error: null };
  if (!toks.length || !toks[0].text.startsWith('/')) return res;
  const name = toks[0].text.slice(1);
  res.cmd = byName(state.defs, name);
  if (!res.cmd) { res.error = t('unknown', name); return res; }
  res.rest = 1;
  res.optDefs = res.cmd.options || [];
  if (hasSubs(res.cmd)) {
    const subs = res.optDefs.filter((o) => o.type === OPT.SUB);
    res.sub = toks[1] ? byName(subs, toks[1].text) : null;
    if (!res.sub) {
      res.error = t('needSub', locName(res.cmd), subs.map((s) => '`' + locName(s) + '`').join(', '));
      res.optDefs = [];
      return res;
    }
    res.rest = 2;
    res.optDefs = res.sub.options || [];
  }
  for (const tok of toks.slice(res.rest)) {
    const k = tok.text.indexOf(':');
    const oname = k < 0 ? tok.text : tok.text.slice(0, k);
    const def = byName(res.optDefs, oname);
    res.opts.push({ tok, def, name: def ? def.name : oname, raw: k < 0 ? '' : tok.text.slice(k + 1) });
  }
  return res;
}

// optionValue converts typed text to the JSON value Discord sends.
function optionValue(def, raw) {
  if (!def) return raw;
  if (def.choices && def.choices.length) {
    const c = def.choices.find((c) => String(c.value) === raw) || byName(def.choices, raw);
    if (c) return c.value;
  }
  switch (def.type) {
    case OPT.INTEGER:
      return /^[+-]?\d+$/.test(raw) ? Number(raw) : raw;
    case OPT.NUMBER:
      return raw.trim() !== '' && isFinite(Number(raw)) ? Number(raw) : raw;
    case OPT.BOOLEAN:
      return /^(true|yes|1|on)$/i.test(raw) ? true : /^(false|no|0|off)$/i.test(raw) ? false : raw;
  }
  return raw;
}

function commandData(p, focused) {
  const opts = p.opts.filter((o) => o.raw !== '' || o === focused).map((o) => {
    const v = { name: o.name, type: o.def ? o.def.type : OPT.STRING, value: o === focused ? o.raw : optionValue(o.def, o.raw) };
    if (o === focused) v.focused = true;
    return v;
  });
  const data = { id: '3', name: p.cmd.name, type: 1 };
  data.options = p.sub ? [{ name: p.sub.name, type: OPT.SUB, options: opts }] : opts;
  return data;
}

// send sends the typed line. A slash command is read by the server exactly
// as `alea run` reads it (POST api/slash); parse above only drives the
// suggestions while typing.
async function send() {
  const input = $('input');
  const line = input.value.trim();
  if (!line) return;
  hideSuggest();
  if (!/^[/／]/.test(line)) { // ／: a full-width keyboard's slash
    const msg = addMessage({ bot: false });
    renderData(msg, { content: line });
    input.value = '';
    return;
  }
  let res;
  try {
    const r = await fetch('api/slash', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ line, locale: state.locale }),
    });
    if (!r.ok) throw new Error(r.status + ' ' + (await r.text()).trim());
    res = await r.json();
  } catch (err) {
    systemMessage(t('failed', String(err.message || err)));
    return;
  }
  if (res.error) {
    systemMessage(res.error);
    return;
  }
  input.value = '';
  const it = baseInteraction(IT.COMMAND);
  it.data = res.data;
  run(it, { ref: { user: userName(), command: res.command } });
}

// --- suggestions ---

function hideSuggest() {
  const ul = $('suggest');
  ul.hidden = true;
  ul.textContent = '';
  state.suggestions = [];
  state.selected = -1;
}

function showSuggest(items, header) {
  const ul = $('suggest');
  ul.textContent = '';
  state.suggestions = items.filter((i) => i.pick);
  state.selected = state.suggestions.length ? 0 : -1;
  if (!items.length) { ul.hidden = true; return; }
  if (header) ul.append(el('li', 'suggest-header', header));
  let k = 0;
  for (const it of items) {
    const li = el('li', it.pick ? 'suggest-item' : 'suggest-hint');
    li.setAttribute('role', it.pick ? 'option' : 'presentation');
    const name = el('span', 'sname', it.label);
    li.append(name);
    if (it.badge) li.append(el('span', 'sbadge', it.badge));
    if (it.desc) li.append(el('span', 'sdesc', it.desc));
    if (it.pick) {
      const idx = k++;
      li.dataset.index = idx;
      li.addEventListener('mousedown', (ev) => { ev.preventDefault(); choose(idx); });
    }
    ul.append(li);
  }
  ul.hidden = false;
  mark();
}

function mark() {
  const items = $('suggest').querySelectorAll('.suggest-item');
  items.forEach((li, i) => {
    li.classList.toggle('selected', i === state.selected);
    li.setAttribute('aria-selected', i === state.selected ? 'true' : 'false');
    if (i === state.selected) li.scrollIntoView({ block: 'nearest' });
  });
}

function choose(i) {
  const s = state.suggestions[i];
  if (!s) return;
  const input = $('input');
  const v = input.value;
  input.value = v.slice(0, s.from) + s.pick + v.slice(s.to);
  const pos = s.from + s.pick.length;
  input.setSelectionRange(pos, pos);
  input.focus();
  suggest();
}

// completes reports whether the selected suggestion adds to the word
// typed (Enter then takes it; otherwise Enter sends the line).
function completes() {
  const s = state.suggestions[state.selected];
  if (!s || state.word === '') return false;
  return $('input').value.slice(s.from, s.to).trim() !== s.pick.trim();
}

function quote(v) {
  v = String(v);
  return /\s/.test(v) ? '"' + v + '"' : v;
}

function typeHint(o) {
  const kinds = (UI[state.locale] || UI.en).kinds;
  const kind = kinds[{ 3: 0, 4: 1, 5: 2, 10: 3 }[o.type]] || '';
  const lo = o.min_value, hi = o.max_value;
  if ((o.type === OPT.INTEGER || o.type === OPT.NUMBER) && (lo !== undefined || hi)) return kind + ' ' + (lo ?? '') + '–' + (hi ?? '');
  return kind;
}

function suggest() {
  const input = $('input');
  const line = input.value;
  const cur = input.selectionStart ?? line.length;
  if (!line.startsWith('/')) { hideSuggest(); return; }
  const before = line.slice(0, cur);
  const toks = tokenize(before);
  const atNew = /\s$/.test(before) || !toks.length;
  const idx = atNew ? toks.length : toks.length - 1;
  const word = atNew ? '' : toks[toks.length - 1].text;
  const from = atNew ? cur : toks[toks.length - 1].start;
  state.word = word;
  state.navigated = false;
  const to = (() => { let j = cur; while (j < line.length && !/\s/.test(line[j])) j++; return j; })();

  if (idx === 0) {
    const q = word.replace(/^\//, '').toLowerCase();
    const items = state.defs
      .filter((d) => d.name.toLowerCase().startsWith(q) || locName(d).toLowerCase().startsWith(q))
      .map((d) => ({ label: '/' + locName(d), desc: locDesc(d), pick: '/' + locName(d) + ' ', from, to }));
    showSuggest(items);
    return;
  }
  const p = parse(line);
  if (!p.cmd) { hideSuggest(); return; }
  if (hasSubs(p.cmd) && idx === 1) {
    const q = word.toLowerCase();
    const items = (p.cmd.options || []).filter((o) => o.type === OPT.SUB)
      .filter((o) => o.name.toLowerCase().startsWith(q) || locName(o).toLowerCase().startsWith(q))
      .map((o) => ({ label: '/' + locName(p.cmd) + ' ' + locName(o), desc: locDesc(o), pick: locName(o) + ' ', from, to }));
    showSuggest(items);
    return;
  }
  if (!p.optDefs.length && !p.sub && hasSubs(p.cmd)) { hideSuggest(); return; }
  const k = word.indexOf(':');
  if (k < 0) {
    const used = new Set(p.opts.filter((o) => o.tok.start !== from).map((o) => o.name));
    const q = word.toLowerCase();
    const items = p.optDefs
      .filter((o) => !used.has(o.name))
      .filter((o) => o.name.toLowerCase().startsWith(q) || locName(o).toLowerCase().startsWith(q))
      .sort((a, b) => (b.required ? 1 : 0) - (a.required ? 1 : 0))
      .map((o) => ({ label: locName(o), badge: o.required ? t('required') : typeHint(o), desc: locDesc(o), pick: locName(o) + ':', from, to }));
    showSuggest(items, '/' + locName(p.cmd) + (p.sub ? ' ' + locName(p.sub) : ''));
    return;
  }
  // A value: fixed choices, autocomplete, or a hint.
  const def = byName(p.optDefs, word.slice(0, k));
  if (!def) { hideSuggest(); return; }
  const q = word.slice(k + 1).toLowerCase();
  const vfrom = from + line.slice(from).indexOf(':') + 1;
  if (def.choices && def.choices.length) {
    const items = def.choices
      .filter((c) => String(c.value).toLowerCase().startsWith(q) || locName(c).toLowerCase().includes(q))
      .map((c) => ({ label: locName(c), desc: String(c.value), pick: quote(c.value) + ' ', from: vfrom, to }));
    showSuggest(items, locName(def));
    return;
  }
  if (def.autocomplete) {
    const focused = p.opts.find((o) => o.tok.start === from);
    const seq = ++state.acSeq;
    clearTimeout(state.acTimer);
    state.acTimer = setTimeout(async () => {
      const it = baseInteraction(IT.AUTOCOMPLETE);
      it.data = commandData(p, focused);
      try {
        const resp = await post(it);
        if (seq !== state.acSeq) return;
        const choices = (resp.data && resp.data.choices) || [];
        showSuggest(choices.map((c) => ({ label: c.name, desc: String(c.value), pick: quote(c.value) + ' ', from: vfrom, to })), locName(def));
      } catch (err) {
        if (seq === state.acSeq) hideSuggest();
      }
    }, 120);
    return;
  }
  showSuggest([{ label: locName(def), badge: typeHint(def), desc: locDesc(def) }]);
}

// --- start ---

// playAs makes the page's user one of the local users (id), or this
// browser's own (''): every interaction after it comes from them.
function playAs(id) {
  const u = state.users.find((x) => x.id === id);
  state.user.id = u ? u.id : state.you;
  state.user.username = u ? u.name.toLowerCase() : 'you';
  $('as').value = u ? u.id : '';
  localStorage.setItem('alea.as', u ? u.id : '');
  for (const m of document.querySelectorAll('#messages article.msg')) showFor(m);
}

function applyLocale() {
  document.documentElement.lang = state.locale;
  $('lang').value = state.locale;
  $('input').placeholder = t('placeholder');
  $('topic').textContent = t('topic');
  $('lang-label').textContent = t('lang');
  $('as-label').textContent = t('playAs');
  $('as-you').textContent = t('you');
  for (const m of document.querySelectorAll('#messages .mention[data-user]')) {
    const n = nameOf(m.dataset.user);
    if (n !== null) m.textContent = '@' + n;
  }
  for (const tag of document.querySelectorAll('#messages .tag')) tag.textContent = t('bot');
  for (const time of document.querySelectorAll('#messages time[data-at]')) time.textContent = timeOf(+time.dataset.at);
}

// renderWelcome shows the welcome in the chosen language, naming /help
// as the command list shows it there.
function renderWelcome() {
  if (!state.welcome || !state.welcome.isConnected) return;
  const help = byName(state.defs, 'help');
  renderData(state.welcome, { content: t('welcome').replace('%h', '/' + (help ? locName(help) : 'help')) });
}

async function start() {
  const saved = localStorage.getItem('alea.locale');
  const nav = (navigator.language || 'en').slice(0, 2);
  state.locale = UI[saved] ? saved : UI[nav] ? nav : 'en';
  let uid = localStorage.getItem('alea.user');
  if (!uid) { uid = randomDigits(18); localStorage.setItem('alea.user', uid); }
  state.user.id = uid;
  state.you = uid;
  applyLocale();
  $('as').addEventListener('change', () => playAs($('as').value));
  $('messages').addEventListener('click', (ev) => {
    const a = ev.target.closest && ev.target.closest('a[href]');
    const m = a && a.getAttribute('href').match(MESSAGE_LINK);
    const target = m && document.querySelector('#messages article[data-id="' + CSS.escape(m[1]) + '"]');
    if (target) {
      ev.preventDefault();
      jumpTo(target);
    }
  });
  $('lang').addEventListener('change', () => {
    state.locale = $('lang').value;
    localStorage.setItem('alea.locale', state.locale);
    applyLocale();
    renderWelcome();
    suggest();
  });
  const input = $('input');
  input.addEventListener('input', suggest);
  input.addEventListener('click', suggest);
  // The list stays a moment after the box loses focus, so that a click on
  // a suggestion lands; coming back to the box keeps it.
  let hideTimer = 0;
  input.addEventListener('blur', () => { hideTimer = setTimeout(hideSuggest, 150); });
  input.addEventListener('focus', () => clearTimeout(hideTimer));
  input.addEventListener('keydown', (ev) => {
    const open = !$('suggest').hidden && state.suggestions.length > 0;
    if (open && (ev.key === 'ArrowDown' || ev.key === 'ArrowUp')) {
      ev.preventDefault();
      const n = state.suggestions.length;
      state.selected = (state.selected + (ev.key === 'ArrowDown' ? 1 : n - 1)) % n;
      state.navigated = true;
      mark();
    } else if (open && (ev.key === 'Tab' || (ev.key === 'Enter' && state.selected >= 0 && (state.navigated || completes())))) {
      ev.preventDefault();
      choose(state.selected);
    } else if (ev.key === 'Escape') {
      hideSuggest();
    }
  });
  $('form').addEventListener('submit', (ev) => { ev.preventDefault(); send(); });
  window.addEventListener('resize', scrollDown);
  state.welcome = addMessage({ bot: true });
  renderWelcome();
  try {
    const r = await fetch('api/commands');
    state.defs = await r.json();
    renderWelcome();
    const u = await fetch('api/users');
    state.users = await u.json();
    for (const x of state.users) {
      const o = el('option', '', x.name);
      o.value = x.id;
      $('as').append(o);
    }
    playAs(localStorage.getItem('alea.as') || '');
  } catch (err) {
    systemMessage(t('failed', String(err.message || err)));
  }
  document.body.dataset.ready = 'true';
  input.focus();
}

start();
