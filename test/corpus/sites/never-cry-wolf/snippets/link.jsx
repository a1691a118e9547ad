export const Link = ({ href, children }) => <a href={href}>{children}</a>;
