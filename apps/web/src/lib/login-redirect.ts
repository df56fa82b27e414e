/**
 * Sends the browser to /login from code that lives outside React (the API client, the event stream). The app
 * registers the router's navigate so the page does not reload and the login page can send the user back.
 */
type LoginNavigator = (from: string) => void;

let navigator: LoginNavigator | null = null;

export function setLoginNavigator(fn: LoginNavigator | null): void {
  navigator = fn;
}

export function redirectToLogin(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return;
  const from = `${pathname}${search}${hash}`;
  if (navigator) navigator(from);
  else window.location.assign('/login');
}
