import { markdown } from '#shared/copy/guide';
import { linkParts } from '#shared/post-text';

/**
 * What a learner wrote, shown as text: line breaks kept, web addresses as links (http and https
 * only, opened in a new tab without access to this page). No HTML from users is ever rendered.
 */
export function PostText({ body, className = '' }: { body: string; className?: string }) {
  return (
    <p className={`break-words whitespace-pre-line ${className}`}>
      {linkParts(body).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium text-brand-800 underline underline-offset-2"
          >
            {part.text}
            <span className="sr-only"> {markdown.newTab}</span>
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
