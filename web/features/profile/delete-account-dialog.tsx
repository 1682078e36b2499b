import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteAccount } from './api/delete-account';
import { routes } from '@core/routes';

export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(messages.toast.accountDeleted[0], { description: messages.toast.accountDeleted[1] });
        navigate(routes.home, { replace: true });
      },
      onError: (err) => setError(errorMessage(err, 'We could not delete your account. Please try again.')),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setError(null);
        onOpenChange(v);
      }}
      title="Delete your account?"
      description={messages.memories.deleteRule}
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
          Keep my account
        </Button>
        <Button variant="danger" onClick={onDelete} loading={remove.isPending}>
          Delete my account
        </Button>
      </div>
    </Dialog>
  );
}
