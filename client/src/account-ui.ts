/**
 * The header's account controls and the sign-up / sign-in / claim form.
 * - Signed out: *Sign in* and *Sign up*. A guest: *Claim this account*, *Sign in*, *Sign out*.
 *   Registered: *Account* (client/src/account-page.ts) and *Sign out*.
 * - On a narrow screen the controls fold behind a *Menu* button (aria-expanded) and open as a
 *   panel under the header, each control a full-width, finger-sized row.
 * - The form is a modal `<dialog>` (focus stays in it, Escape closes it), with labelled inputs and
 *   the server's refusal read out from a `role="alert"` line; server words are set as text only.
 * `#/signup`, `#/signin` and `#/claim` open the form over the lobby (the ranked card links there).
 */
import { h, toast } from './dom';
import { AuthError, claim, currentUser, signIn, signOut, signUp } from './auth';
import { client } from './net';
import { savedName } from './name';

export type AuthMode = 'signup' | 'signin' | 'claim';

/** Which field a refusal is about, so it is marked invalid and focused. */
const FIELD_OF: Record<string, 'name' | 'email' | 'password'> = {
  // Sign-up's one answer for a taken email or name (the server does not say which): the name is
  // the field to change, and its message says to sign in if the email is the user's.
  invalid_name: 'name', name_taken: 'name', taken: 'name',
  invalid_email: 'email', email_taken: 'email',
  password_too_short: 'password', password_too_long: 'password', password_too_common: 'password', invalid_credentials: 'password',
};

const TITLE: Record<AuthMode, string> = { signup: 'Sign up', signin: 'Sign in', claim: 'Claim this account' };

let dialog: HTMLDialogElement | null = null;

function field(id: string, label: string, attrs: Record<string, string | number | boolean>, hint?: string): { row: HTMLElement; input: HTMLInputElement } {
  const input = h('input', { id, name: id, required: true, ...attrs, ...(hint ? { 'aria-describedby': `${id}-hint` } : {}) });
  const row = h('div', { class: 'field' },
    h('label', { for: id }, label),
    input,
    hint ? h('small', { id: `${id}-hint`, class: 'muted' }, hint) : null);
  return { row, input };
}

/** Opens the form in `mode`; resolves once it is closed (signed in or cancelled). */
export function openAuthDialog(mode: AuthMode): Promise<void> {
  dialog?.close();
  dialog?.remove();
  const user = currentUser();
  if (mode === 'claim' && (!user || user.registered)) mode = user ? 'signin' : 'signup';
  const name = field('auth-name', 'Name', { maxlength: 20, minlength: 2, autocomplete: 'nickname', value: savedName() }, '2–20 letters, digits, spaces, "_", "-" or "."; others see it at the table.');
  const email = field('auth-email', 'Email', { type: 'email', maxlength: 254, autocomplete: 'email', inputmode: 'email', spellcheck: 'false' });
  const password = field('auth-password', 'Password', { type: 'password', minlength: 8, maxlength: 128, autocomplete: mode === 'signin' ? 'current-password' : 'new-password' },
    mode === 'signin' ? undefined : 'At least 8 characters, not a common one.');
  const error = h('p', { id: 'auth-error', class: 'form-error', role: 'alert' });
  const submit = h('button', { id: 'auth-submit', class: 'primary', type: 'submit' }, mode === 'signup' ? 'Sign up' : mode === 'signin' ? 'Sign in' : 'Claim account');
  const cancel = h('button', { id: 'auth-cancel', type: 'button' }, 'Cancel');
  const title = h('h2', { id: 'auth-title' }, TITLE[mode]);
  const intro = mode === 'claim'
    ? h('p', { class: 'muted' }, `Add an email and a password to the guest account “${user!.name}”: it keeps its name, rating and games, and you can sign in from any device. Rated play needs it.`)
    : mode === 'signup'
      ? h('p', { class: 'muted' }, 'An account keeps your name, rating and games, on any device. Rated play needs one.')
      : null;
  const other = mode === 'signin'
    ? h('p', { class: 'switch' }, 'New here? ', h('button', { type: 'button', class: 'link', id: 'auth-to-signup' }, 'Sign up'))
    : mode === 'signup' ? h('p', { class: 'switch' }, 'Have an account? ', h('button', { type: 'button', class: 'link', id: 'auth-to-signin' }, 'Sign in')) : null;
  const forgot = mode === 'signin' ? h('button', { type: 'button', class: 'link', id: 'auth-forgot' }, 'Forgot your password?') : null;

  const form = h('form', { id: 'auth-form', class: 'auth-form', method: 'dialog', 'aria-labelledby': 'auth-title' },
    title, intro,
    mode === 'signup' ? name.row : null,
    email.row, password.row,
    error,
    h('div', { class: 'form-row' }, submit, cancel),
    forgot, other);
  const el = h('dialog', { id: 'auth-dialog', class: 'auth-dialog', 'aria-labelledby': 'auth-title', 'data-mode': mode }, form);
  dialog = el;
  document.body.append(el);

  const fields = { name: name.input, email: email.input, password: password.input };
  const showError = (err: unknown) => {
    const e = err instanceof AuthError ? err : new AuthError('error', (err as Error)?.message ?? 'something went wrong');
    error.textContent = sentence(e.message);
    const which = FIELD_OF[e.code];
    for (const input of Object.values(fields)) input.removeAttribute('aria-invalid');
    if (which) {
      fields[which].setAttribute('aria-invalid', 'true');
      fields[which].focus();
    }
  };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    error.textContent = '';
    try {
      const emailValue = email.input.value.trim();
      const who = mode === 'signup' ? await signUp(emailValue, password.input.value, name.input.value.trim())
        : mode === 'signin' ? await signIn(emailValue, password.input.value)
          : await claim(emailValue, password.input.value);
      el.close();
      toast(mode === 'claim' ? `The account ${who.name} is yours: signed in` : `Signed in as ${who.name}`, 'info');
    } catch (err) {
      showError(err);
    } finally {
      submit.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
  cancel.addEventListener('click', () => el.close());
  el.querySelector('#auth-to-signup')?.addEventListener('click', () => void openAuthDialog('signup'));
  el.querySelector('#auth-to-signin')?.addEventListener('click', () => void openAuthDialog('signin'));
  forgot?.addEventListener('click', async () => {
    const address = email.input.value.trim();
    if (!address || !email.input.checkValidity()) {
      showError(new AuthError('invalid_email', 'type your email first, then ask for the link'));
      return;
    }
    try {
      const answer = (await client.auth.sendPasswordResetEmail(address)) as { delivery?: unknown } | null;
      // A server without mail writes the link to its log: the page says so rather than promise a mail.
      error.textContent = answer?.delivery === 'log'
        ? `This server has no mail set up, so no email will arrive. If ${address} has an account, the link to choose a new password is in the server's log: ask the person who runs this server for it.`
        : `If ${address} has an account, a link to choose a new password is on its way.`;
    } catch (err) {
      showError(new AuthError('error', (err as Error)?.message ?? 'could not send the link'));
    }
  });

  return new Promise((resolve) => {
    el.addEventListener('close', () => {
      el.remove();
      if (dialog === el) dialog = null;
      // The form's own address (#/signup…) is left for the lobby under it, without a new history entry.
      if (/^#\/(signup|signin|claim)$/.test(location.hash)) history.replaceState(null, '', '#/');
      resolve();
    });
    el.showModal();
    (mode === 'signup' ? name.input : email.input).focus();
  });
}

function sentence(message: string): string {
  const m = message.trim() || 'That was refused';
  return m[0].toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? '' : '.');
}

let menuOpen = false;

/** Draws the header's controls into `nav`, and wires the phone's Menu button `toggle`. */
export function renderAccountNav(nav: HTMLElement, toggle: HTMLButtonElement): void {
  const user = currentUser();
  const close = () => setMenu(nav, toggle, false);
  const button = (id: string, label: string, onClick: () => void, primary = false) => {
    const b = h('button', { id, type: 'button', class: primary ? 'primary' : '' }, label);
    b.addEventListener('click', () => {
      close();
      onClick();
    });
    return b;
  };
  const link = (id: string, label: string, href: string) => {
    const a = h('a', { id, href, class: 'button' }, label);
    a.addEventListener('click', close);
    return a;
  };
  const doSignOut = async () => {
    await signOut();
    toast('Signed out', 'info');
  };
  if (!user) {
    nav.replaceChildren(button('sign-in', 'Sign in', () => void openAuthDialog('signin')), button('sign-up', 'Sign up', () => void openAuthDialog('signup'), true));
  } else if (!user.registered) {
    nav.replaceChildren(
      button('claim-account', 'Claim this account', () => void openAuthDialog('claim'), true),
      button('sign-in', 'Sign in', () => void openAuthDialog('signin')),
      button('sign-out', 'Sign out', () => void doSignOut()));
  } else {
    nav.replaceChildren(link('account-link', 'Account', '#/account'), button('sign-out', 'Sign out', () => void doSignOut()));
  }
  toggle.textContent = user ? 'Menu' : 'Sign in';
  toggle.setAttribute('aria-label', user ? `Account menu (${user.name})` : 'Sign in or sign up');
}

function setMenu(nav: HTMLElement, toggle: HTMLButtonElement, open: boolean): void {
  menuOpen = open;
  nav.classList.toggle('open', open);
  toggle.setAttribute('aria-expanded', String(open));
}

/** Wires the header once: its controls follow the identity, the Menu button opens and closes them (Escape too). */
export function mountAccountNav(): void {
  const nav = document.getElementById('account-nav')!;
  const toggle = document.getElementById('account-menu-toggle') as HTMLButtonElement;
  toggle.addEventListener('click', () => {
    setMenu(nav, toggle, !menuOpen);
    if (menuOpen) nav.querySelector<HTMLElement>('button, a')?.focus();
  });
  nav.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && menuOpen) {
      setMenu(nav, toggle, false);
      toggle.focus();
    }
  });
  renderAccountNav(nav, toggle);
  window.addEventListener('parlor:identity-changed', () => renderAccountNav(nav, toggle));
}
