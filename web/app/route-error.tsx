import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';

/** Shown when a screen fails to load (a lost connection while fetching its code, say). */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:px-6 sm:py-12">
      <Card className="text-center">
        <CardTitle>{status === 404 ? 'Page not found' : 'Something went wrong'}</CardTitle>
        <CardText className="mt-2">We could not show this page. Please check your connection and try again.</CardText>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Button asChild variant="secondary">
            <Link to="/">Go home</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
