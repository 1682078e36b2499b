/** Leaves the app for the provider's hosted checkout page (a full navigation: the provider's page is not ours). */
export function goToHostedCheckout(url: string) {
  window.location.assign(url);
}
