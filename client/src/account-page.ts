/**
 * `#/account`: a signed-in player's own account. Sign out everywhere, change the password,
 * download my data (JSON), delete the account (a registered one confirms with its password).
 * Plain HTML forms; every answer of the server is shown as text.
 */
import { h, toast } from './dom';
import { AuthError, accountRequest, currentUser, forgetAccount, replaceToken } from './auth';
import { openAuthDialog } from './account-ui';

function sentence(message: string): string {
  const m = message.trim() || 'That was refused';
  return m[0].toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? '' : '.');
}

const words = (err: unknown) => sentence(err instanceof AuthError ? err.message : (err as Error)?.message ?? 'something went wrong');

function passwordInput(id: string, label: string, autocomplete: string): { row: HTMLElement; input: HTMLInputElement } {
  const input = h('input', { id, type: 'password', required: true, minlength: 8, maxlength: 128, autocomplete });
  return { row: h('div', { class: 'field' }, h('label', { for: id }, label), input), input };
}

export async function showAccount(view: HTMLElement): Promise<() => void> {
  const user = currentUser();
  const section = h('section', { class: 'lobby' });
  view.append(section);
  if (!user) {
    const signIn = h('button', { id: 'account-sign-in', class: 'primary', type: 'button' }, 'Sign in');
    signIn.addEventListener('click', () => void openAuthDialog('signin'));
    section.append(h('div', { class: 'card account-card', id: 'account-page' }, h('h2', {}, 'Your account'), h('p', {}, 'You are not signed in.'), h('div', { class: 'form-row' }, signIn, h('a', { class: 'button', href: '#/' }, 'Back to lobby'))));
    return () => undefined;
  }

  const status = h('p', { id: 'account-status', class: 'muted', role: 'status' });
  const say = (text: string) => (status.textContent = text);

  // Sign out everywhere: every token so far stops working, this one too.
  const everywhere = h('button', { id: 'sign-out-everywhere', type: 'button' }, 'Sign out everywhere');
  everywhere.addEventListener('click', async () => {
    everywhere.disabled = true;
    try {
      await accountRequest('/api/account/sign-out-everywhere', { method: 'POST' });
      await forgetAccount();
      toast('Signed out on every device', 'info');
      location.hash = '#/';
    } catch (err) {
      say(words(err));
      everywhere.disabled = false;
    }
  });

  // Download my data: the export is an authenticated GET, saved as a file through a blob.
  const download = h('button', { id: 'download-data', type: 'button' }, 'Download my data (JSON)');
  download.addEventListener('click', async () => {
    download.disabled = true;
    try {
      const blob = await (await accountRequest('/api/account/export')).blob();
      const url = URL.createObjectURL(blob);
      const a = h('a', { href: url, download: `parlor-${user.id}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      say('Your data was downloaded.');
    } catch (err) {
      say(words(err));
    } finally {
      download.disabled = false;
    }
  });

  const card = h('div', { class: 'card account-card', id: 'account-page' },
    h('h2', {}, 'Your account'),
    h('p', {}, h('strong', { id: 'account-name' }, user.name), user.email ? ` · ${user.email}` : ' · guest (no email or password yet)', ' · ', h('a', { href: `#/player/${user.id}` }, 'your player page')),
    h('div', { class: 'form-row' }, download, user.registered ? everywhere : null),
    status);
  section.append(card);

  if (user.registered) {
    const old = passwordInput('old-password', 'Current password', 'current-password');
    const next = passwordInput('new-password', 'New password (at least 8 characters)', 'new-password');
    const change = h('form', { id: 'change-password', class: 'account-form', 'aria-labelledby': 'change-password-title' },
      h('h3', { id: 'change-password-title' }, 'Change password'),
      h('p', { class: 'muted' }, 'Every other device is signed out; this one stays signed in.'),
      old.row, next.row,
      h('button', { type: 'submit', id: 'change-password-go' }, 'Change password'));
    change.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      try {
        const res = await accountRequest('/api/account/password', { method: 'POST', body: { oldPassword: old.input.value, newPassword: next.input.value } });
        const { token } = (await res.json()) as { token?: unknown };
        if (typeof token === 'string') replaceToken(token);
        change.reset();
        say('Your password is changed. Other devices are signed out.');
      } catch (err) {
        say(words(err));
      }
    });
    card.append(change);
  } else {
    const claimButton = h('button', { id: 'account-claim', class: 'primary', type: 'button' }, 'Claim this account');
    claimButton.addEventListener('click', () => void openAuthDialog('claim'));
    card.append(h('p', {}, 'Add an email and a password to keep this name, rating and games, and to play rated games. '), claimButton);
  }

  // Deleting: a registered account confirms with its password; a guest's token is proof enough.
  const confirm = user.registered ? passwordInput('delete-password', 'Your password, to confirm', 'current-password') : null;
  const remove = h('form', { id: 'delete-account', class: 'account-form danger-zone', 'aria-labelledby': 'delete-account-title' },
    h('h3', { id: 'delete-account-title' }, 'Delete account'),
    h('p', { class: 'muted' }, 'Your email and password are forgotten and you are signed out everywhere. Your games stay, shown as played by “deleted player”; the name is free again after 30 days.'),
    confirm?.row ?? null,
    h('button', { type: 'submit', id: 'delete-account-go', class: 'danger' }, 'Delete my account'));
  remove.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      await accountRequest('/api/account/delete', { method: 'POST', body: confirm ? { password: confirm.input.value } : {} });
      await forgetAccount();
      toast('Your account is deleted', 'info');
      location.hash = '#/';
    } catch (err) {
      say(words(err));
    }
  });
  card.append(remove, h('p', {}, h('a', { class: 'button', href: '#/' }, 'Back to lobby')));
  return () => undefined;
}
