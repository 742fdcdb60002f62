// The officials' pages (issue 16). The token lives in this tab's
// sessionStorage and leaves it only as `Authorization: Bearer` (never in a
// URL, a cookie or a log). Fragments are rendered and escaped by the server;
// this module puts them in place and sends actions as Connect JSON POSTs.
// Results and fouls go through a queue kept on the device (localStorage),
// each entry with its command id: made offline, it is sent when the
// connection returns, and a resend is answered by the ledger's idempotency,
// never recorded twice. The page lists what is pending and what was refused,
// in the server's words. An entry waits UNDO_MS before its first send, and
// until it is sent it can be undone; a board it is for shows a queued mark,
// and a second tap on that board replaces it rather than adding a second.
const root = document.getElementById('officials');
const tournament = root.dataset.tournament;
const lang = root.dataset.lang;
const TOKEN = 'qiwang.token';
const WHO = 'qiwang.who';
const PAGE = `qiwang.page.${tournament}`;
const QUEUE = `qiwang.queue.${tournament}`;
const REFUSED = `qiwang.refused.${tournament}`;
const FRAGMENT = `qiwang.fragment.${tournament}`;
const $ = (id) => document.getElementById(id);
let current = null;  // {page, params}
let loads = 0;  // only the latest fragment asked for is put in place
let flushing = false;
let inFlight = null;  // the command id being sent
let flushTimer = null;
// How long a new entry waits so that a wrong tap can be undone; tests may
// set sessionStorage 'qiwang.undo_ms'.
const UNDO_MS = Number(sessionStorage.getItem('qiwang.undo_ms') ?? 4000);

const token = () => sessionStorage.getItem(TOKEN);
const who = () => JSON.parse(sessionStorage.getItem(WHO) || 'null');
const load = (key) => JSON.parse(localStorage.getItem(key) || '[]');
const save = (key, list) => localStorage.setItem(key, JSON.stringify(list));

function commandId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'web-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
      .join('');
}

// A Connect unary call; throws when there is no connection.
async function rpc(method, body) {
  const response = await fetch(`/qiwang.v1.${method}`, {
    method: 'POST',
    headers: {
      'Authorization': `Bearer ${token()}`,
      'Content-Type': 'application/json',
      // Refusals come back with a sentence in the page's language.
      'Lang': lang,
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return {ok: response.ok, answer};
}

// What a refusal says to the reader: the google.rpc.LocalizedMessage the
// server wrote in the page's language, else its message, else its code.
function refusalText(answer) {
  const localized = (answer.details || []).find(
      (detail) => detail.type === 'google.rpc.LocalizedMessage');
  return (localized && localized.debug && localized.debug.message) ||
         answer.message || answer.code;
}

function setOffline(offline) {
  $('offline').hidden = !offline;
}

const sameBoard = (a, b) => a && b && a.section === b.section &&
    String(a.round) === String(b.round) && String(a.board) === String(b.board);

function renderQueue() {
  const user = (who() || {}).user;
  const pending = load(QUEUE).filter((entry) => entry.user === user);
  $('pending-count').textContent = String(pending.length);
  $('pending').replaceChildren(...pending.map((entry) => {
    const item = document.createElement('li');
    item.textContent = entry.label;
    if (entry.body.commandId !== inFlight) {
      const undo = document.createElement('button');
      undo.type = 'button';
      undo.className = 'undo';
      undo.dataset.command = entry.body.commandId;
      undo.textContent = root.dataset.undo;
      item.append(' ', undo);
    }
    return item;
  }));
  for (const card of document.querySelectorAll('.board-card')) {
    const queued = pending.some((entry) => sameBoard(entry.at, card.dataset));
    card.classList.toggle('queued', queued);
    let mark = card.querySelector('.queued-mark');
    if (queued && !mark) {
      mark = document.createElement('span');
      mark.className = 'queued-mark';
      mark.textContent = root.dataset.queued;
      card.querySelector('.board-head').append(' ', mark);
    } else if (!queued && mark) {
      mark.remove();
    }
  }
  $('refused').replaceChildren(...load(REFUSED)
      .filter((entry) => entry.user === user).map((entry) => {
        const item = document.createElement('li');
        item.className = 'refused';
        item.textContent = `${entry.label}: ${entry.message}`;
        return item;
      }));
}

// Sends the signed-in official's queued entries, oldest first, until the
// connection fails. A refused entry leaves the queue for the refused list.
async function flush() {
  if (flushing || !token() || !who()) return;
  flushing = true;
  let sent = false;
  try {
    for (;;) {
      const user = who().user;
      const entry = load(QUEUE).find((e) => e.user === user);
      if (!entry) break;
      const wait = (entry.due || 0) - Date.now();
      if (wait > 0) {
        clearTimeout(flushTimer);
        flushTimer = setTimeout(flush, wait);
        break;
      }
      let reply;
      inFlight = entry.body.commandId;
      renderQueue();
      try {
        reply = await rpc(entry.method, entry.body);
      } catch (error) {
        setOffline(true);
        break;
      } finally {
        inFlight = null;
      }
      setOffline(false);
      const code = reply.answer.code;
      if (!reply.ok && (code === 'unavailable' ||
                        code === 'deadline_exceeded')) {
        break;
      }
      save(QUEUE, load(QUEUE).filter(
          (e) => e.body.commandId !== entry.body.commandId));
      if (!reply.ok) {
        const refused = load(REFUSED);
        const message = refusalText(reply.answer);
        refused.push({user, label: entry.label, message, at: entry.at});
        save(REFUSED, refused);
        const status = $('action-status');
        status.className = 'status refused';
        status.textContent = `${entry.label}: ${message}`;
      }
      sent = true;
      renderQueue();
    }
  } finally {
    flushing = false;
    renderQueue();
  }
  if (sent && current) loadPage(current.page, current.params);
}

// `at` names the board a result is for, so a refusal is shown there too.
function enqueue(method, body, label, at) {
  const user = who().user;
  // A second tap on a board whose result is still queued replaces it.
  const queue = load(QUEUE).filter((entry) => !(
      at && entry.user === user && entry.method === method &&
      sameBoard(entry.at, at) && entry.body.commandId !== inFlight));
  queue.push({user, method, label, at, due: Date.now() + UNDO_MS,
              body: {commandId: commandId(), tournamentId: tournament,
                     ...body}});
  save(QUEUE, queue);
  renderQueue();
  flush();
}

// What the official has typed or chosen in the fragment's forms (those with
// an id) and not sent yet, so that a fragment put in place after some other
// send, or the queue's, does not erase it. `sent` is the form just sent:
// its fields start afresh.
function unsentEdits(sent) {
  const edits = [];
  for (const form of $('fragment').querySelectorAll('form[id]')) {
    if (form === sent) continue;
    for (const field of form.elements) {
      if (!field.name || field.type === 'file') continue;
      const edit = {form: form.id, name: field.name, value: field.value};
      if (field.type === 'checkbox' || field.type === 'radio') {
        if (field.checked === field.defaultChecked) continue;
        edit.checked = field.checked;
      } else if (field.tagName === 'SELECT') {
        if ([...field.options].every((o) => o.selected === o.defaultSelected)) {
          continue;
        }
      } else if (field.value === field.defaultValue) {
        continue;
      }
      edits.push(edit);
    }
  }
  const focused = document.activeElement;
  const focus = focused && focused.form && focused.form.id &&
      focused.form !== sent && $('fragment').contains(focused) ?
      {form: focused.form.id, name: focused.name} : null;
  return {edits, focus};
}

function restoreEdits({edits, focus}) {
  const fieldOf = (formId, name) => {
    const form = $(formId);
    return form && $('fragment').contains(form) ?
        [...form.elements].filter((f) => f.name === name) : [];
  };
  for (const edit of edits) {
    for (const field of fieldOf(edit.form, edit.name)) {
      if (field.tagName === 'SELECT' &&
          ![...field.options].some((o) => o.value === edit.value)) {
        continue;
      }
      if (edit.checked === undefined) {
        field.value = edit.value;
      } else if (field.value === edit.value) {
        field.checked = edit.checked;
      }
    }
  }
  const [field] = focus ? fieldOf(focus.form, focus.name) : [];
  if (field) field.focus();
}

// Puts a fragment in place; the official's unsent edits stay when it is the
// view already shown, refreshed. #fragment is aria-busy while one is on its
// way (assistive technology waits, and so can a test).
let shown = null;  // the view in #fragment, as JSON of {page, params}
function showFragment(html, sent) {
  const view = JSON.stringify(current);
  const kept = view === shown ? unsentEdits(sent) : {edits: [], focus: null};
  $('fragment').innerHTML = html;
  shown = view;
  restoreEdits(kept);
  showBoardRefusals();
  renderQueue();
}

async function loadPage(page, params, sent = null) {
  current = {page, params};
  sessionStorage.setItem(PAGE, JSON.stringify(current));
  for (const tab of $('role-tabs').children) {
    tab.classList.toggle('current', tab.dataset.page === page);
  }
  const query = new URLSearchParams({...params, lang});
  const ticket = ++loads;
  $('fragment').setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(`/officials/${tournament}/${page}?${query}`,
                                 {headers: {'Authorization': `Bearer ${token()}`}});
    const html = await response.text();
    if (ticket === loads && current) {
      if (response.ok) sessionStorage.setItem(FRAGMENT, html);
      showFragment(html, sent);
    }
    setOffline(false);
  } catch (error) {
    setOffline(true);
    // Offline: the last fragment this tab was shown, so the boards can
    // still be tapped; what is tapped waits in the queue.
    const kept = sessionStorage.getItem(FRAGMENT);
    if (ticket === loads && current && kept && !$('fragment').innerHTML) {
      showFragment(kept, sent);
    }
  } finally {
    if (ticket === loads) $('fragment').removeAttribute('aria-busy');
  }
}

// Each refused result at its board on the arbiter's page, in the board's own
// status region.
function showBoardRefusals() {
  const user = (who() || {}).user;
  for (const entry of load(REFUSED)) {
    if (entry.user !== user || !entry.at) continue;
    const card = [...document.querySelectorAll('.board-card')].find(
        (c) => sameBoard(entry.at, c.dataset));
    const place = card && card.querySelector('.board-refusal');
    if (!place) continue;
    place.textContent = `${entry.label}: ${entry.message}`;
    place.hidden = false;
  }
}

// The canonical role names WhoAmI answers, in the page's words.
function roleText(role) {
  const item = document.querySelector(
      `#role-names [data-role="${CSS.escape(role)}"]`);
  return item ? item.textContent : role;
}

// A datetime-local field's value on the tournament's clock, as RFC 3339
// with the offset the page gives: "2016-10-14T15:30" -> "...:00+08:00".
function localTime(field) {
  const seconds = field.value.length === 16 ? ':00' : '';
  return `${field.value}${seconds}${field.dataset.offset}`;
}

// A form's fields as a request message: names are JSON paths ("votes.uphold",
// "boards.0.number"); empty fields are left out; checkboxes are booleans; a
// time carries its offset (localTime).
function message(form) {
  const body = {};
  for (const field of form.elements) {
    if (!field.name || field.disabled) continue;
    if (field.type === 'checkbox') {
      if (!field.checked) continue;
    } else if (field.value === '') {
      continue;
    }
    if (field.name.endsWith('[]')) {
      const key = field.name.slice(0, -2);
      (body[key] = body[key] || []).push(field.value);
      continue;
    }
    const value = field.type === 'checkbox' ? true :
        field.dataset.list !== undefined ?
        field.value.split(/[,\s]+/).filter((v) => v) :
        field.dataset.offset !== undefined ? localTime(field) : field.value;
    const path = field.name.split('.');
    let node = body;
    path.slice(0, -1).forEach((key, i) => {
      if (node[key] === undefined) node[key] = /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[key];
    });
    node[path[path.length - 1]] = value;
  }
  if (Array.isArray(body.boards)) body.boards = body.boards.filter((b) => b);
  return body;
}

// An action that is not queued: answered at once, in the server's words.
async function act(form) {
  const status = $('action-status');
  status.className = 'status';
  status.textContent = '…';
  let reply;
  try {
    reply = await rpc(form.dataset.method,
                      {commandId: commandId(), tournamentId: tournament,
                       ...message(form)});
  } catch (error) {
    setOffline(true);
    status.textContent = $('offline').textContent;
    return;
  }
  if (reply.ok) {
    // An accepted R6.3 override still names what it accepted.
    status.textContent = [form.dataset.done || 'OK',
                          ...(reply.answer.r63Violations || [])].join(' · ');
    status.classList.add('done');
    if (current) loadPage(current.page, current.params, form);
  } else {
    status.textContent = refusalText(reply.answer);
    status.classList.add('refused');
  }
}

// A form whose body is a file the server reads (data-upload: the registrar's
// station ranking, CSV or .xlsx): its bytes, unchanged, are POSTed to the
// page's path with the other fields in the query, and the server's answer
// (a fragment it escaped) is shown; the file never leaves in a URL.
async function upload(form) {
  const status = $('action-status');
  status.className = 'status';
  status.textContent = '…';
  const params = {lang, commandId: commandId()};
  let file = null;
  for (const field of form.elements) {
    if (!field.name) continue;
    if (field.type === 'file') file = field.files[0];
    else params[field.name] = field.value;
  }
  if (file) params.file = file.name;
  let response;
  try {
    response = await fetch(
        `/officials/${tournament}/${form.dataset.upload}?` +
            new URLSearchParams(params),
        {method: 'POST', body: file || '',
         headers: {'Authorization': `Bearer ${token()}`,
                   'Content-Type': (file && file.type) ||
                       'application/octet-stream'}});
  } catch (error) {
    setOffline(true);
    status.textContent = $('offline').textContent;
    return;
  }
  const html = await response.text();
  if (response.ok && current) {
    await loadPage(current.page, current.params, form);
  }
  status.classList.add(response.ok ? 'done' : 'refused');
  status.innerHTML = html;
}

// What a form with data-preview shows as it is typed (the registrar's
// derived section): the server's fragment for the form's fields marked
// data-previewed (never a name or an ID number: they would be in a URL),
// the latest asked for only.
let previews = 0;
async function preview(form) {
  const ticket = ++previews;
  const params = {};
  for (const field of form.querySelectorAll('[data-previewed]')) {
    if (field.type === 'checkbox' ? field.checked : field.value !== '') {
      params[field.name] = field.value;
    }
  }
  try {
    const response = await fetch(
        `/officials/${tournament}/${form.dataset.preview}?` +
            new URLSearchParams({...params, lang}),
        {headers: {'Authorization': `Bearer ${token()}`}});
    const html = await response.text();
    if (ticket === previews) form.querySelector('.preview').innerHTML = html;
  } catch (error) {
    setOffline(true);
  }
}

function showSignedIn(identity) {
  $('sign-in').hidden = true;
  $('token').value = '';
  $('signed-in').hidden = false;
  $('who-user').textContent = identity.user;
  $('who-roles').textContent = (identity.roles || []).map(roleText)
      .join(lang === 'zh' ? '、' : ', ');
  let first = null;
  for (const tab of $('role-tabs').children) {
    const roles = tab.dataset.roles.split(' ');
    tab.hidden = !roles.some((role) => (identity.roles || []).includes(role));
    if (!tab.hidden && !first) first = tab.dataset.page;
  }
  renderQueue();
  const saved = JSON.parse(sessionStorage.getItem(PAGE) || 'null');
  if (saved) loadPage(saved.page, saved.params);
  else if (first) loadPage(first, {});
  flush();
}

async function signIn(value) {
  const error = $('sign-in-error');
  error.hidden = true;
  sessionStorage.setItem(TOKEN, value);
  let reply;
  try {
    reply = await rpc('AdminService/WhoAmI', {});
  } catch (failure) {
    if (who()) return showSignedIn(who());  // offline: as signed in before
    sessionStorage.removeItem(TOKEN);
    error.textContent = $('offline').textContent;
    error.hidden = false;
    return;
  }
  if (!reply.ok) {
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(WHO);
    error.textContent = refusalText(reply.answer);
    error.hidden = false;
    return;
  }
  sessionStorage.setItem(WHO, JSON.stringify(reply.answer));
  showSignedIn(reply.answer);
}

function signOut() {
  for (const key of [TOKEN, WHO, PAGE, FRAGMENT]) {
    sessionStorage.removeItem(key);
  }
  current = null;
  shown = null;
  $('fragment').replaceChildren();
  $('action-status').textContent = '';
  $('signed-in').hidden = true;
  $('sign-in').hidden = false;
  $('token').value = '';
}

$('sign-in').addEventListener('submit', (event) => {
  event.preventDefault();
  signIn($('token').value.trim());
});
$('sign-out').addEventListener('click', signOut);
$('clear-refused').addEventListener('click', () => {
  const user = (who() || {}).user;
  save(REFUSED, load(REFUSED).filter((entry) => entry.user !== user));
  renderQueue();
  for (const place of document.querySelectorAll('.board-refusal')) {
    place.hidden = true;
  }
});
$('pending').addEventListener('click', (event) => {
  const undo = event.target.closest('button.undo');
  if (!undo || undo.dataset.command === inFlight) return;
  save(QUEUE, load(QUEUE).filter(
      (entry) => entry.body.commandId !== undo.dataset.command));
  renderQueue();
});
$('role-tabs').addEventListener('click', (event) => {
  const tab = event.target.closest('button[data-page]');
  if (tab) loadPage(tab.dataset.page, {});
});
// The check-in desk's camera: a player's card carries a QR code of its own
// address (/t/ID/player/N); read with the BarcodeDetector API where the
// browser has it, it fills the search with the player's number. Elsewhere
// the desk types the number.
async function scanCard(button) {
  const form = button.closest('form');
  const status = $('action-status');
  if (!('BarcodeDetector' in window) || !navigator.mediaDevices) {
    status.className = 'status';
    status.textContent = button.dataset.unsupported;
    form.elements.q.focus();
    return;
  }
  const video = $('scanner');
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(
        {video: {facingMode: 'environment'}});
  } catch (error) {
    status.className = 'status';
    status.textContent = button.dataset.unsupported;
    return;
  }
  const detector = new BarcodeDetector({formats: ['qr_code']});
  video.srcObject = stream;
  video.hidden = false;
  await video.play();
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    video.hidden = true;
  };
  const started = Date.now();
  const look = async () => {
    if (!video.isConnected || Date.now() - started > 30000) return stop();
    const codes = await detector.detect(video).catch(() => []);
    for (const code of codes) {
      const player = /\/player\/(\d+)/.exec(code.rawValue);
      if (player) {
        stop();
        form.elements.q.value = player[1];
        form.requestSubmit();
        return;
      }
    }
    setTimeout(look, 250);
  };
  look();
}

$('fragment').addEventListener('click', (event) => {
  const scan = event.target.closest('button[data-action="scan"]');
  if (scan) return scanCard(scan);
  const button = event.target.closest('button[data-action="result"]');
  if (!button) return;
  const data = button.dataset;
  enqueue('PlayService/RecordResult',
          {sectionId: data.section, round: Number(data.round),
           board: Number(data.board), result: data.result,
           ...(data.ground ? {ground: data.ground} : {})}, data.label,
          {section: data.section, round: data.round, board: data.board});
});
// The organiser's forms (data-config): the whole configuration is sent, the
// one the page was rendered with (or the chosen template's) with each field
// named "config.<JSON path>" set on it; a "[]" field collects into a list in
// order (a tie-break chain), an empty field goes back to the default. A
// refusal names its field first ("sections[2].max_players: ..."): it is shown
// at the input whose data-field is that path, and in the status region.
const DAY_MS = 86400000;

function configOf(form) {
  const template = form.elements.template;
  const source = template ? template.selectedOptions[0] : form;
  const config = JSON.parse(source.dataset.config);
  const lists = new Set();
  for (const field of form.elements) {
    if (!field.name.startsWith('config.')) continue;
    const list = field.name.endsWith('[]');
    const path = field.name.slice('config.'.length, list ? -2 : undefined)
        .split('.');
    let node = config;
    for (const key of path.slice(0, -1)) node = node[key] = node[key] ?? {};
    const key = path[path.length - 1];
    if (list) {
      if (!lists.has(field.name)) node[key] = [];
      lists.add(field.name);
      if (field.value) node[key].push(field.value);
    } else if (field.value === '') {
      delete node[key];
    } else {
      node[key] = field.dataset.list === undefined ? field.value :
          field.value.split(/[,\s]+/).filter((v) => v);
    }
  }
  const firstDay = form.elements.firstDay;
  if (template && firstDay && firstDay.value) {
    const shift = Date.parse(firstDay.value) -
        Date.parse(source.dataset.first);
    const move = (time) => time &&
        new Date(Date.parse(time) + shift).toISOString();
    config.registrationDeadline = move(config.registrationDeadline);
    if (config.checkIn) {
      config.checkIn.opens = move(config.checkIn.opens);
      config.checkIn.closes = move(config.checkIn.closes);
    }
    for (const slot of config.schedule || []) slot.starts = move(slot.starts);
  }
  return config;
}

function showAtField(form, answer, text) {
  const path = (answer.message || '').split(':')[0].replace(/^config\./, '');
  const field = [...form.querySelectorAll('[data-field]')].find((f) =>
    f.dataset.field === path || f.dataset.field.startsWith(path + '.') ||
    f.dataset.field.startsWith(path + '['));
  if (!field) return;
  const folded = field.closest('details');
  if (folded) folded.open = true;
  const place = document.createElement('p');
  place.className = 'refused field-refusal';
  place.setAttribute('role', 'status');
  place.textContent = text;
  (field.closest('label') || field).after(place);
  field.setAttribute('aria-invalid', 'true');
  field.focus();
}

async function sendConfig(form) {
  const status = $('action-status');
  for (const old of form.querySelectorAll('.field-refusal')) old.remove();
  for (const old of form.querySelectorAll('[aria-invalid]')) {
    old.removeAttribute('aria-invalid');
  }
  status.className = 'status';
  status.textContent = '…';
  const config = configOf(form);
  const body = {commandId: commandId(), config,
                reason: form.elements.reason.value};
  if (form.dataset.tournamentId !== undefined) body.tournamentId = tournament;
  let reply;
  try {
    reply = await rpc(form.dataset.method, body);
  } catch (error) {
    setOffline(true);
    status.textContent = $('offline').textContent;
    return;
  }
  if (!reply.ok) {
    const text = refusalText(reply.answer);
    status.textContent = text;
    status.classList.add('refused');
    showAtField(form, reply.answer, text);
    return;
  }
  status.textContent = form.dataset.done;
  status.classList.add('done');
  if (form.dataset.tournamentId === undefined) {
    // Created: on to the new tournament's own page, the organiser's tab.
    sessionStorage.setItem(`qiwang.page.${config.id}`,
                           JSON.stringify({page: 'organiser', params: {}}));
    location.assign(`/officials/${encodeURIComponent(config.id)}?lang=${lang}`);
  } else if (current) {
    loadPage(current.page, current.params, form);
  }
}

$('fragment').addEventListener('submit', (event) => {
  const form = event.target;
  event.preventDefault();
  if (form.dataset.reload) {
    const params = Object.fromEntries(
        [...new FormData(form)].filter(([, value]) => value !== ''));
    // Another section's rounds are its own: open on the one being played.
    if (form.dataset.section && params.section !== form.dataset.section) {
      delete params.round;
    }
    loadPage(form.dataset.reload, params);
  } else if (form.dataset.action === 'foul') {
    const body = message(form);
    const player = form.elements.player;
    enqueue('PlayService/RecordFoul',
            {playerId: body.player, round: Number(form.dataset.round),
             kind: body.kind, note: body.note || ''},
            `${form.querySelector('h3').textContent}: ` +
                player.options[player.selectedIndex].textContent);
    form.reset();  // queued: the next foul starts afresh
  } else if (form.dataset.config !== undefined) {
    sendConfig(form);
  } else if (form.dataset.upload) {
    upload(form);
  } else if (form.dataset.method) {
    act(form);
  }
});
// A reload without a connection is answered by the service worker from the
// copy of this page, its scripts and styles kept here (officials-sw.js);
// browsers allow it on https and on localhost.
async function keepForOffline() {
  if (!('serviceWorker' in navigator) || !window.caches) return;
  try {
    await navigator.serviceWorker.register('/static/officials-sw.js',
                                           {scope: '/officials/'});
    const cache = await caches.open('qiwang-officials-v1');
    const urls = [location.href, ...[...document.querySelectorAll(
        'link[rel=stylesheet][href^="/static/"], script[src^="/static/"], ' +
        'link[rel=icon][href^="/static/"]')].map((e) => e.href || e.src)];
    await cache.addAll(urls);
  } catch (error) {
    // Without a service worker the page still works; only a reload
    // offline fails.
  }
}
keepForOffline();
for (const kind of ['input', 'change']) {
  $('fragment').addEventListener(kind, (event) => {
    const form = event.target.form;
    if (form && form.dataset.preview) preview(form);
  });
}
window.addEventListener('online', flush);
setInterval(() => {
  if (load(QUEUE).length) flush();
}, 2000);
if (token()) signIn(token());
