export const Banner = () => <div>Now in beta</div>;
