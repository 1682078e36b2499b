import { parsePreviewStep } from '@core/preview';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isVisitorPage } from '@/lib/visitor-page';
import { emptyAnswers, type PreviewAnswers, type UpdateAnswers } from './preview-answers';
import { PreviewHeader } from './preview-header';
import { PreviewStep } from './preview-step';
import { HOME, previewStep } from '@core/preview';

/**
 * The public preview, /flow/1 to /flow/7 (docs/product/preview.md). One instance stays mounted for every
 * step, so the answers in its state survive moving between steps by URL.
 */
export function PreviewPage() {
  const { step: rawStep } = useParams();
  const step = parsePreviewStep(rawStep);
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<PreviewAnswers>(emptyAnswers);
  const mainRef = useRef<HTMLElement>(null);

  const update = useCallback<UpdateAnswers>((patch) => setAnswers((prev) => ({ ...prev, ...patch(prev) })), []);
  const goTo = useCallback((next: number) => navigate(previewStep(next)), [navigate]);

  useFocusOnStepChange(step, mainRef);
  useSendSignedInHome();

  if (step === null) return <Navigate to={previewStep(1)} replace />;

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-surface-soft via-canvas to-canvas">
      <PreviewHeader step={step} />
      <main ref={mainRef} id="main" className="flex flex-1 flex-col px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
        <PreviewStep key={step} step={step} answers={answers} update={update} goTo={goTo} />
      </main>
    </div>
  );
}

/**
 * The preview is for visitors: it shows at once, and only a signed-in answer from the server sends the user home.
 * A page the server prerendered went only to a request without a session cookie: nobody to ask about, and none of
 * the query cache or the API's schemas loaded (docs/decisions/043-prerendered-public-pages.md).
 */
function useSendSignedInHome() {
  const navigate = useNavigate();
  useEffect(() => {
    if (isVisitorPage()) return;
    let live = true;
    void import('@/lib/signed-in')
      .then(({ isSignedIn }) => isSignedIn())
      .then((signedIn) => {
        if (live && signedIn) void navigate(HOME, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate]);
}

/** After a step change, start at the top and put focus on the new step's heading for keyboard and screen reader users. */
function useFocusOnStepChange(step: number | null, mainRef: RefObject<HTMLElement | null>) {
  const previous = useRef(step);
  useEffect(() => {
    if (step === null || previous.current === step) return;
    const first = previous.current === null;
    previous.current = step;
    if (first) return;
    window.scrollTo({ top: 0 });
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [step, mainRef]);
}
