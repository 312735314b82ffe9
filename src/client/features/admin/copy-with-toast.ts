import { toast } from '#client/components/ui/use-toast.ts';

const COPY_CODE_FAILED = 'Failed to copy code to clipboard.';

/** Puts `text` on the clipboard and says so in a toast; a refused clipboard gets `failure`. */
export async function copyWithToast(
  text: string,
  { success, failure = COPY_CODE_FAILED }: { success: string; failure?: string },
): Promise<boolean> {
  try {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) throw new Error('The clipboard is not available on this page.');
    await clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', description: success });
    return true;
  } catch {
    toast({ title: failure, variant: 'destructive' });
    return false;
  }
}
