// The bundle baseline: the smallest app on the same stack (React 19 + React Router 7 data router, built by
// Vite). Whatever the real app ships beyond this for /flow/1 is its own code and libraries.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([{ path: '/', element: <h1>Hello</h1> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
