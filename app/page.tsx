import { redirect } from "next/navigation";

// The site has no public home: the sign-in page sends a signed-in person on to the dashboard.
export default function Home() {
  redirect("/sign-in");
}
