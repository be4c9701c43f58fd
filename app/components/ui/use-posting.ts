import { useNavigation } from 'react-router';

/**
 * Whether the page is posting the form whose `intent` is `intent` (the field or the
 * pressed button's value): its submit button is disabled meanwhile, so a double click
 * sends one post, not a second warning or a second save.
 */
export function usePosting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}
