import { data } from "react-router";
import { NotFoundPage } from "~/app/layout/not-found-page";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
