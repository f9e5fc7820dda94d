/*
 * floor.c - a program that does nothing but load the libraries
 * benchreport is linked with (bench/speed.sh links it with
 * --no-as-needed): the floor under `benchreport --version`.
 */
int main(void)
{
	return 0;
}
