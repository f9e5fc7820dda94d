/* placeholder so the build links; replaced by the real CLI */
int main(void) { return 0; }
