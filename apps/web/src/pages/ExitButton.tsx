// The exit confirmation ('Are you sure you want to exit the account opening process?'), opened by
// the title bar's exit; confirming sends EXIT to the machine.
import { ExitDialog } from '@kh/ui';
import { useEffect, useState, type ReactElement } from 'react';
import { useApplication } from '../app/application.tsx';

export function ExitButton(): ReactElement {
  const app = useApplication();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const openDialog = () => setOpen(true);
    document.addEventListener('kh:exit', openDialog);
    return () => document.removeEventListener('kh:exit', openDialog);
  }, []);
  return (
    <ExitDialog
      open={open}
      onCancel={() => setOpen(false)}
      onConfirm={() => {
        setOpen(false);
        app.actor.send({ type: 'EXIT' });
      }}
    />
  );
}
