/**
 * docs/product.md §5: the push prompt shows only if logged in, capable, not subscribed
 * and a push key exists. A denied permission also hides it: the browser would
 * refuse without asking.
 */
export function shouldShowPushPrompt(input: {
  isLoggedIn: boolean;
  isCapable: boolean;
  isSubscribed: boolean;
  isDenied: boolean;
  pushKey: string | null | undefined;
}): boolean {
  return input.isLoggedIn && input.isCapable && !input.isSubscribed && !input.isDenied && !!input.pushKey;
}
